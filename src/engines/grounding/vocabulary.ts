// Words known to be ordinary or clinical English: the embedded speech engine's pronouncing
// dictionary (data/speech/clinical-en-us.dict: conversation words, drug names and the most
// frequent English words). A capitalised name outside it and outside the source is taken
// for a product or name the model may have invented.
import { readFileSync } from 'node:fs';

const FILE = new URL('../../../data/speech/clinical-en-us.dict', import.meta.url);
let words: Set<string> | undefined;

export function knownWord(word: string): boolean {
  if (!words) {
    words = new Set();
    try {
      for (const line of readFileSync(FILE, 'utf8').split('\n')) {
        // Alternate pronunciations are written "word(2)".
        const w = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (w) words.add(w);
      }
    } catch {
      // Without the dictionary every word counts as known: the check is skipped, never guessed.
      return true;
    }
  }
  return words.size === 0 || words.has(word.toLowerCase());
}
