/**
 * Assertion context for clinical concept mentions (NegEx/ConText style).
 *
 *   splitSentences(text, cuts = [AT_MARKERS]): Span[]
 *     Sentence spans ({start, end} into `text`), split at line breaks and at . ! ? ;
 *     (not decimals or common abbreviations), trimmed of whitespace; long unpunctuated runs
 *     cut before discourse markers (AT_MARKERS), and for the visit reader also before clause
 *     openers (AT_CLAUSES). The cue words are data (data/language/en/discourse.json runOn).
 *   sentenceAt(sentences, offset): Span | undefined
 *     The sentence containing a character offset (binary search).
 *   assertionsFor(text, conceptSpan, sentenceSpan?): Assertion
 *     {negated, uncertain, historical, family, hypothetical, question} for the concept
 *     at `conceptSpan`; pass the sentence span when you already have it (faster).
 *   relativeWords(): Set<string>
 *     The one-word family triggers ("mother", "parents"): who else a statement may be about.
 *
 * Trigger phrases are data: data/lexicon/context-triggers.json (see SOURCES.md there).
 * This API is stable; new fields may be added to Assertion, none removed.
 */
export { AT_CLAUSES, AT_MARKERS, splitSentences, sentenceAt, type RunCut } from './sentences.ts';
export { assertionsFor, type Assertion } from './assertions.ts';
export { relativeWords } from './triggers.ts';
