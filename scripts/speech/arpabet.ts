// espeak-ng's phoneme mnemonics (`espeak-ng -q -x -v en-us`, American English) mapped to the
// CMU ARPAbet phones of the PocketSphinx en-us acoustic model. Longest match first; stress
// and syllable marks are dropped. Table written from espeak-ng's documented English phoneme
// set (phsource/ph_english*).

/** The acoustic model's phone set (without SIL). */
export const CMU_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' '),
);

const TABLE: Record<string, string[]> = {
  // Vowels and diphthongs.
  'aI@': ['AY', 'ER'],
  'aI3': ['AY', 'ER'],
  'aU@': ['AW', 'ER'],
  'i@3': ['IH', 'R'],
  'eI@': ['EY', 'ER'],
  aI: ['AY'],
  aU: ['AW'],
  eI: ['EY'],
  OI: ['OY'],
  oU: ['OW'],
  'e@': ['EH', 'R'],
  'i@': ['IY', 'AH'],
  'U@': ['UH', 'R'],
  'A@': ['AA', 'R'],
  'O@': ['AO', 'R'],
  'o@': ['AO', 'R'],
  '3:': ['ER'],
  'A:': ['AA'],
  'i:': ['IY'],
  'u:': ['UW'],
  'O:': ['AO'],
  '@L': ['AH', 'L'],
  '@2': ['AH'],
  '@5': ['AH'],
  'a#': ['AH'],
  aa: ['AE'],
  'I2': ['IH'],
  'I#': ['IH'],
  'E2': ['EH'],
  'E#': ['EH'],
  '0#': ['AA'],
  'i#': ['IY'],
  'u#': ['UW'],
  'r-': ['R'],
  'l-': ['AH', 'L'],
  'n-': ['AH', 'N'],
  'm-': ['AH', 'M'],
  a: ['AE'],
  A: ['AA'],
  E: ['EH'],
  I: ['IH'],
  i: ['IY'],
  '0': ['AA'],
  O: ['AO'],
  U: ['UH'],
  u: ['UW'],
  V: ['AH'],
  '@': ['AH'],
  '3': ['ER'],
  L: ['AH', 'L'],
  // Consonants.
  tS: ['CH'],
  dZ: ['JH'],
  't#': ['T'],
  'd#': ['D'],
  'z#': ['Z'],
  p: ['P'],
  b: ['B'],
  t: ['T'],
  d: ['D'],
  k: ['K'],
  g: ['G'],
  f: ['F'],
  v: ['V'],
  T: ['TH'],
  D: ['DH'],
  s: ['S'],
  z: ['Z'],
  S: ['SH'],
  Z: ['ZH'],
  h: ['HH'],
  m: ['M'],
  n: ['N'],
  N: ['NG'],
  l: ['L'],
  r: ['R'],
  j: ['Y'],
  w: ['W'],
  x: ['K'],
  C: ['HH'],
};

const KEYS = Object.keys(TABLE).sort((a, b) => b.length - a.length);
/** Stress, syllable, pause and word-boundary marks: no sound of their own. */
const MARKS = new Set(["'", ',', '%', '=', '_', ':', '|', ';', '!', '?', ' ', '-', '^']);

/** ARPAbet phones for one espeak-ng phoneme string, or null if it holds a symbol the
 * table does not know (the word is then better left out than mispronounced). */
export function espeakToArpabet(phonemes: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const text = phonemes.trim();
  while (i < text.length) {
    const key = KEYS.find((k) => text.startsWith(k, i));
    if (key) {
      out.push(...TABLE[key]);
      i += key.length;
      continue;
    }
    if (MARKS.has(text[i]) || text[i] === '#') {
      i++;
      continue;
    }
    return null;
  }
  // The same phone twice in a row is one longer sound in ARPAbet terms ("t t" → "T"), and
  // ER already holds its r-colouring ("3r" → ER, not ER R).
  const merged = out.filter((p, j) => j === 0 || (p !== out[j - 1] && !(p === 'R' && out[j - 1] === 'ER')));
  return merged.length ? merged : null;
}
