// Numbers written as words in transcripts ("two point five M G", "thirty eight", "ten
// milligrams", "one pill") as number mentions, beside the digit ones of mentions.ts. A lone
// small word ("one of my…") counts only when a unit follows it.
import type { Lexicons } from './lexicons.ts';

/** A number said or written in the text, with its unit and position. */
export interface NumberMention {
  value: number;
  /** Second half of "a/b" (blood pressure) when present. */
  second?: number;
  unit?: string;
  start: number;
  end: number;
}


const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const WORD = /[a-z]+/gi;
/** Units as a transcript spells them: "M G", "M C G", "milligrams", "pills". */
const SPOKEN_UNIT = /^\s*(?:(m\.?\s?c\.?\s?g\b\.?|micrograms?)|(m\.?\s?g\b\.?|milligrams?)|(percent|%)|(degrees?)|(pounds?|lbs?)|(kilos?|kilograms?|kg)|(pills?|tablets?|tabs?|capsules?|puffs?|units?|drinks?|packs?|cigarettes?|glass(?:es)?|beers?|times?))\b/i;
const UNIT_OF = ['mcg', 'mg', '%', 'degrees', 'lb', 'kg', 'count'];

export function spokenNumbers(text: string, _lex: Lexicons): NumberMention[] {
  const out: NumberMention[] = [];
  const words = [...text.matchAll(WORD)];
  for (let i = 0; i < words.length; i++) {
    const run = readRun(text, words, i);
    if (!run) continue;
    const after = text.slice(run.end, run.end + 24);
    const u = SPOKEN_UNIT.exec(after);
    if (run.words === 1 && !u) {
      i = run.next - 1;
      continue;
    }
    const mention: NumberMention = { value: run.value, start: run.start, end: run.end };
    if (u) {
      const k = u.slice(1).findIndex((g) => g !== undefined);
      const unit = UNIT_OF[k]!;
      if (unit !== 'count' && unit !== 'degrees') mention.unit = unit;
      if (unit !== 'count') mention.end = run.end + u[0].length;
    }
    out.push(mention);
    i = run.next - 1;
  }
  return out;
}

/** The longest run of number words from word `i`: "thirty eight", "two point five", "one hundred and ten". */
function readRun(text: string, words: RegExpMatchArray[], i: number): { value: number; start: number; end: number; words: number; next: number } | undefined {
  let total = 0;
  let current = 0;
  let decimals = '';
  let inDecimals = false;
  let j = i;
  let used = 0;
  for (; j < words.length; j++) {
    const w = words[j]![0].toLowerCase();
    if (j > i && /[^\s-]/.test(text.slice(words[j - 1]!.index! + words[j - 1]![0].length, words[j]!.index!))) break;
    if (inDecimals) {
      if (w in SMALL && SMALL[w]! < 10) decimals += String(SMALL[w]);
      else break;
    } else if (w in SMALL) {
      if (current % 10 !== 0 || (current > 0 && current < 20) || (current >= 20 && SMALL[w]! >= 10)) break;
      current += SMALL[w]!;
    } else if (w in TENS) {
      if (current % 100 !== 0) break;
      current += TENS[w]!;
    } else if (w === 'hundred' && current > 0 && current < 10) current *= 100;
    else if (w === 'thousand' && current > 0) (total += current * 1000), (current = 0);
    else if (w === 'and' && current >= 100 && current % 100 === 0 && j + 1 < words.length && words[j + 1]![0].toLowerCase() in { ...SMALL, ...TENS }) continue;
    else if (w === 'point' && used > 0 && j + 1 < words.length && words[j + 1]![0].toLowerCase() in SMALL) inDecimals = true;
    else break;
    used++;
  }
  if (used === 0) return undefined;
  const last = words[j - 1]!;
  const value = Number(`${total + current}${decimals ? `.${decimals}` : ''}`);
  return { value, start: words[i]!.index!, end: last.index! + last[0].length, words: used, next: j };
}
