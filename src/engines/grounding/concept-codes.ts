// ICD-10-CM codes a text names: the concept lexicon's phrases and the coder's own composition of
// a lay symptom with its body site ("my knee hurts", "pain in her stomach"), so each lay phrase
// has one home (data/lexicon/symptom-sites.tsv) and the grounder reads it as the coder does.
import { findConcepts, type Token } from '../clinical/lexicon/index.ts';
import { findSiteSymptoms } from '../clinical/coding/site-symptoms.ts';

/** Codes (the unspecified side, `U`) of the concepts said in `tokens` of `text`. */
export function conceptCodes(text: string, tokens: readonly Token[]): string[] {
  const found = findConcepts(tokens);
  // No turns: a claim or one sentence has no question-and-answer pair to read a site from.
  const composed = findSiteSymptoms(text, tokens, [], found);
  return [...found, ...composed].map((m) => m.concept.codes.U);
}
