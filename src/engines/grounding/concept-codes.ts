// ICD-10-CM codes a text names: the concept lexicon's phrases, the coder's own composition of
// a lay symptom with its body site ("my knee hurts", "pain in her stomach"), and the Alphabetic
// Index entries the coder reads ("hypogonadism" said of a man is E29.1, as "testicular
// hypofunction" is), so each phrase has one home and the grounder reads it as the coder does.
import { findConcepts, type Token } from '../clinical/lexicon/index.ts';
import { findIndexTerms } from '../clinical/coding/index-terms.ts';
import { findSiteSymptoms } from '../clinical/coding/site-symptoms.ts';

/** Codes (the unspecified side, `U`) of the concepts said in `tokens` of `text`. */
export function conceptCodes(text: string, tokens: readonly Token[]): string[] {
  const found = findConcepts(tokens);
  // No turns: a claim or one sentence has no question-and-answer pair to read a site from.
  const composed = findSiteSymptoms(text, tokens, [], found);
  const indexed = findIndexTerms(text, tokens, [...found, ...composed]);
  return [...found, ...composed, ...indexed].map((m) => m.concept.codes.U);
}
