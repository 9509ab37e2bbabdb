// Removes fillers ("um", "uh"), false starts ("y-", "sh-") and stutters ("i , i") from a spoken sentence.
// Not inside hyphenated backchannels: "uh-huh"/"mm-hmm" (yes) and "uh-uh" (no) are answers.
import { escapeRegExp, languageData } from './data.ts';

const words = languageData<{ hesitations: string[]; fillers: string[] }>('fillers');
// Each hesitation's last letter may be drawn out: "ummm", "hmmm", "uhh".
const HESITATIONS = words.hesitations.map((h) => `${escapeRegExp(h)}+`).join('|');

/**
 * The one-word hesitations ("um", drawn out once: "umm") and fillers ("er", "gosh") of fillers.json:
 * the words a reader of concepts passes over ("a, um, strain").
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...words.hesitations,
  ...words.hesitations.map((h) => h + h.at(-1)),
  ...words.fillers.filter((w) => /^[a-z]+$/.test(w)),
]);
const FILLER = new RegExp(`(?<![\\w-])(?:${HESITATIONS})(?![\\w-])\\s*,?\\s*`, 'gi');
const FALSE_START = /(?:^|\s)[a-z]{1,3}-(?=\s)/gi;
// "i , i love" / "we- we're" / "the the" → one copy; "uh-uh" is a no, not a stutter.
const STUTTER = /\b(?!uh-uh\b)([a-z']+)(?:(?:\s*,\s*|\s+|-\s*)\1\b)+/gi;

export function cleanUtterance(text: string): string {
  let t = text.replace(FILLER, ' ').replace(/,?\s*\byou know\b\s*,?/gi, ' ');
  t = t.replace(/\b([a-z]+)-\s+(?=\1)/gi, ''); // "we- we're"
  t = t.replace(FALSE_START, ' ');
  t = t.replace(STUTTER, '$1');
  t = t.replace(/\s+/g, ' ').replace(/\s+([,.?!])/g, '$1').replace(/^[\s,.]+/, '');
  t = t.replace(/,\s*([.?!])/g, '$1').replace(/,(\s*,)+/g, ',');
  return t.trim();
}
