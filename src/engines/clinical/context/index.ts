/**
 * Assertion context for clinical concept mentions (NegEx/ConText style).
 *
 *   splitSentences(text): Span[]
 *     Sentence spans ({start, end} into `text`), split at line breaks and at . ! ? ;
 *     (not decimals or common abbreviations), trimmed of whitespace.
 *   sentenceAt(sentences, offset): Span | undefined
 *     The sentence containing a character offset (binary search).
 *   assertionsFor(text, conceptSpan, sentenceSpan?): Assertion
 *     {negated, uncertain, historical, family, hypothetical, question} for the concept
 *     at `conceptSpan`; pass the sentence span when you already have it (faster).
 *
 * Trigger phrases are data: data/lexicon/context-triggers.json (see SOURCES.md there).
 * This API is stable; new fields may be added to Assertion, none removed.
 */
export { splitSentences, sentenceAt } from './sentences.ts';
export { assertionsFor, type Assertion } from './assertions.ts';
