// Drug words as the embedded engine reads them: an Orange Book term (not an everyday word)
// and its generic name(s), so a brand and its generic count as the same drug.
import { drugLexicon } from '../clinical/lexicon/index.ts';
import { drugNamed } from '../clinical/visit/medications.ts';

/** Generic names a word stands for; empty when it is not a drug word. */
export function drugTerms(word: string): string[] {
  const named = drugNamed(word, []);
  if (!named) return [];
  const entry = drugLexicon().get(named.toLowerCase());
  return entry ? entry.generic.split('|') : [named.toLowerCase()];
}
