// Spoken numbered lists of the assessment ("one hypertensive chronic kidney disease … two hyperkalemia …
// three anemia of chronic kidney disease"): a numeral in sequence heads the problem named right after it,
// punctuated or not (data/language/en/coding.json problem_headings.numbered_item).
import { codingCues } from '../language/coding.ts';
import { isNumberWord } from '../numbers/spoken.ts';

interface Numeral { value: number; end: number; start: number }
let cues: { values: Map<string, number>; gap: number; counted: Set<string> } | undefined;

function numberedCues(): { values: Map<string, number>; gap: number; counted: Set<string> } {
  if (cues) return cues;
  const ni = codingCues().problem_headings.numbered_item;
  // The numerals are listed one to ten as words, then as digits: the value is the place in its ten.
  cues = { values: new Map(ni.numerals.map((n, i) => [n, (i % 10) + 1])), gap: ni.list_gap, counted: new Set(ni.counted) };
  return cues;
}

/** The numerals said from `from` on, in order. */
function numeralsFrom(text: string, from: number): Numeral[] {
  const { values } = numberedCues();
  const out: Numeral[] = [];
  let prior = '';
  for (const m of text.slice(from).toLowerCase().matchAll(/[a-z0-9]+/g)) {
    const value = values.get(m[0]);
    // A decimal's or a compound number's last word ("six point one", "twenty one") numbers no item.
    if (value !== undefined && prior !== 'point' && !isNumberWord(prior)) out.push({ value, start: from + m.index, end: from + m.index + m[0].length });
    prior = m[0];
  }
  return out;
}

/** The numerals of a list: one whose predecessor was said before it, or whose successor is said after it. */
function listNumerals(numerals: readonly Numeral[]): Numeral[] {
  return numerals.filter((n, i) =>
    numerals.slice(0, i).some((p) => p.value === n.value - 1) || numerals.slice(i + 1).some((q) => q.value === n.value + 1));
}

/**
 * Starts of mentions (`starts`, in text order) that a list numeral of the part from `from` heads:
 * the mention begins within the gap of words after it, none of them a word that makes the numeral
 * a count ("one plus edema", "one episode of vomiting").
 */
export function numberedStarts(text: string, from: number, starts: readonly number[]): Set<number> {
  const { gap, counted } = numberedCues();
  const out = new Set<number>();
  for (const n of listNumerals(numeralsFrom(text, from))) {
    const next = starts.find((s) => s >= n.end);
    if (next === undefined) continue;
    const between = text.slice(n.end, next);
    if (/[.;?!\n]/.test(between)) continue;
    const words = between.toLowerCase().match(/[a-z0-9']+/g) ?? [];
    if (words.length <= gap && !words.some((w) => counted.has(w) || isNumberWord(w))) out.add(next);
  }
  return out;
}
