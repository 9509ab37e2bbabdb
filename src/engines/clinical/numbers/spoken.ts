// Spoken numbers to digits: "ninety eight point six" → 98.6, "one twenty over eighty" → 120/80.
import { ANY_VITAL_NAME, TEMPERATURE_CONTEXT } from '../language/vitals.ts';

const UNITS: Record<string, number> = {
  zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const NUMBER_WORD = new RegExp(`\\b(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'hundred', 'thousand', 'point', 'and', 'a'].join('|')})\\b`, 'i');

/** Is a lower-case word a number said as a word or written in digits ("twenty", "one", "12")? */
export function isNumberWord(word: string): boolean {
  return UNITS[word] !== undefined || TENS[word] !== undefined || word === 'hundred' || word === 'thousand' || /^\d+$/.test(word);
}

/** Parses a run of number words; returns the value and the number of words used, or undefined. */
function parseRun(words: string[]): { value: string; used: number } | undefined {
  let i = 0;
  let total = 0;
  let current = 0;
  let any = false;
  // "one twenty" / "one forty five": a leading digit then a tens word is a hundreds shorthand.
  const w0 = words[0];
  // "one oh five": a leading digit, "oh" for zero, then a digit is the same shorthand (105).
  // Its tenths may follow, as every number's may ("one oh two point one" is 102.1).
  if (w0 !== undefined && (UNITS[w0] ?? 0) >= 1 && UNITS[w0]! <= 9 && words[1] === 'oh' && (UNITS[words[2] ?? ''] ?? 0) >= 1 && UNITS[words[2]!]! <= 9) {
    return withTenths(words, String(UNITS[w0]! * 100 + UNITS[words[2]!]!), 3);
  }
  if (w0 !== undefined && UNITS[w0] !== undefined && UNITS[w0]! >= 1 && UNITS[w0]! <= 9 && words[1] && (TENS[words[1]] !== undefined || (UNITS[words[1]] ?? 0) >= 10)) {
    const hundreds = UNITS[w0]! * 100;
    let rest = TENS[words[1]] ?? UNITS[words[1]]!;
    let used = 2;
    if (TENS[words[1]] !== undefined && words[2] && (UNITS[words[2]] ?? 0) >= 1 && UNITS[words[2]]! <= 9) { rest += UNITS[words[2]]!; used = 3; }
    return { value: String(hundreds + rest), used };
  }
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (UNITS[w] !== undefined) {
      if (any && current % 10 !== 0 && current < 100) break;
      if (any && current % 100 !== 0 && UNITS[w]! >= 10) break;
      current += UNITS[w]!; any = true;
    } else if (TENS[w] !== undefined) {
      if (any && current % 100 !== 0) break;
      current += TENS[w]!; any = true;
    } else if (w === 'hundred' && any) { current *= 100; }
    else if (w === 'hundred' && (words[i - 1] === 'a')) { current = 100; any = true; }
    else if (w === 'thousand' && any) { total += current * 1000; current = 0; }
    else if (w === 'and' && any && current >= 100 && (UNITS[words[i + 1] ?? ''] !== undefined || TENS[words[i + 1] ?? ''] !== undefined)) continue;
    else if (w === 'a' && words[i + 1] === 'hundred' && !any) continue;
    else break;
  }
  if (!any) return undefined;
  return withTenths(words, String(total + current), i);
}

/** A whole number parsed from `used` words, with its decimals when "point" and digit words follow ("… point one"). */
function withTenths(words: string[], whole: string, used: number): { value: string; used: number } {
  if (words[used] !== 'point') return { value: whole, used };
  const digits: string[] = [];
  let j = used + 1;
  while (j < words.length && UNITS[words[j]!] !== undefined && UNITS[words[j]!]! <= 9) digits.push(String(UNITS[words[j++]!]));
  return digits.length ? { value: `${whole}.${digits.join('')}`, used: j } : { value: whole, used };
}

/** Rewrites spoken numbers in a sentence as digits; the rest of the text is kept. */
export function spokenNumbersToDigits(text: string): string {
  // Written digits still get the joins below ("115 over 75" → 115/75).
  return joinReadings(NUMBER_WORD.test(text) ? wordsToDigits(text) : text);
}

// Written transcripts hyphenate a tens word and its unit ("seventy-two"): read as two words.
const HYPHENATED = new RegExp(`\\b(${Object.keys(TENS).join('|')})-(${Object.keys(UNITS).filter((w) => UNITS[w]! >= 1 && UNITS[w]! <= 9 && w !== 'oh').join('|')})\\b`, 'gi');

function wordsToDigits(written: string): string {
  const text = written.replace(HYPHENATED, '$1 $2');
  const parts = text.split(/(\s+|[,.?!;:](?=\s|$))/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i]!;
    const lw = word.toLowerCase();
    if (UNITS[lw] === undefined && TENS[lw] === undefined && !(lw === 'a' && parts[i + 2]?.toLowerCase() === 'hundred')) { out.push(word); continue; }
    // Collect the following words (skipping whitespace parts) and parse.
    const words: string[] = [];
    for (let j = i; j < parts.length && words.length < 8; j += 2) words.push(parts[j]!.toLowerCase());
    const parsed = parseRun(words);
    // "one" alone is usually a pronoun ("the one on the left"), "a" alone is an article.
    if (!parsed || parsed.used === 0 || (parsed.used === 1 && (lw === 'one' || lw === 'a' || lw === 'oh'))) { out.push(word); continue; }
    out.push(parsed.value);
    i += parsed.used * 2 - 2;
  }
  return out.join('');
}

// ASR may split a reading's digits ("pulse is 7 2", "blood pressure 1 30 over 80"): joined only just
// after a sign's name, with no other number between, where a lone digit is no reading of its own.
export const SPLIT_READING = new RegExp(`(\\b(?:${ANY_VITAL_NAME})\\b[^.?!\\d]{0,12}?)\\b(1\\s+\\d{2}|[1-9]\\s+\\d)\\b(?!\\s*[.,]?\\d)`, 'gi');

/** Readings that span several numbers: split digits, blood pressure, percentages, a temperature's decimal. */
function joinReadings(text: string): string {
  let t = text.replace(SPLIT_READING, (_whole, lead: string, digits: string) => `${lead}${digits.replace(/\s+/, '')}`);
  t = t.replace(/\b(\d{2,3})\s+(?:over|\/)\s+(\d{2,3})\b/g, '$1/$2');
  t = t.replace(/(\d)\s*(?:percent|%)/g, '$1%');
  // ASR writes a spoken "point" in a temperature as a full stop: "a hundred . four" → 100.4,
  // and clean-up may have pulled the stop left ("temperature is 98. 7").
  // A lone "one" was left a word (usually a pronoun); after a temperature's stop it is the tenths, as "point one" is.
  t = t.replace(/\b(3[4-9]|4[0-3]|9[3-9]|10\d)(\s*)\.\s+(\d|one)\b(?!\s*(?:%|\/|\d))/g, (whole, degrees: string, gap: string, tenths: string, at: number) =>
    (gap && tenths !== 'one') || TEMPERATURE_CONTEXT.test(t.slice(Math.max(0, at - 60), at)) ? `${degrees}.${tenths === 'one' ? 1 : tenths}` : whole);
  return t;
}
