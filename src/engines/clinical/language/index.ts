/**
 * Language knowledge, written once as data (data/language/<language>/*.json) and loaded once.
 *   discourse: question openers, hedges, offers, safety-netting, follow-up, problem framing.
 *   voice:     pronouns, person and tense rewriting of what was said into note voice.
 *   tidy:      the one clean-up of a spoken sentence for a note.
 *   body-systems: review-of-systems symptoms, exam areas and system labels.
 *   clinical-terms: the words that make talk clinical.
 *   dictation: wake words, dictation to the system, commands and remarks about the visit.
 *   vitals:    the names of the vital signs and the units a weight is given in.
 *   speakers:  the labels of each speaker role and what clinicians say (transcript/roles.ts).
 *   run-on:    where long unpunctuated speech is cut into sentences (context/sentences.ts).
 * Negation, uncertainty, hypothetical, historical and family cues are the assertion engine's
 * triggers (data/lexicon/context-triggers.json, src/engines/clinical/context).
 */
export * from './discourse.ts';
export * from './voice.ts';
export * from './body-systems.ts';
export * from './clinical-terms.ts';
export * from './dictation.ts';
export * from './vitals.ts';
export { noteSentence, sentenceCase, tidy } from './tidy.ts';
export { cleanUtterance } from './fillers.ts';
export { CLAUSE_OPENER, DISCOURSE_MARKER, MARKER_WORDS } from './run-on.ts';
export { alternation, languageData, wordsPattern } from './data.ts';
export { joinSplitContractions } from './contractions.ts';
