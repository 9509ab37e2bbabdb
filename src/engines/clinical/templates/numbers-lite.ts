// Spoken numbers to digits for note text ("one twenty over sixty" → "120 over 60",
// "fifty eight" → "58", "two weeks" → "2 weeks"). Lone number words are only converted
// before a unit, so "the one on the left" stays as it is.
const ONES: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Record<string, number> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNITS = /^(?:weeks?|days?|months?|years?|hours?|minutes?|times?|mg|milligrams?|grams?|pounds?|lbs|percent|tablets?|pills?|packs?|cigarettes?|drinks?|beers?|glasses|cups|units?|puffs?|miles?|blocks?|flights?|degrees?|kilos?|kilograms?|out of|over|point|am|pm|o'clock|nights?|episodes?|kids|children|sets)$/i;

function isNumberWord(w: string): boolean {
  const l = w.toLowerCase().replace(/[,.;:?!]+$/, '');
  return l in ONES || l in TEENS || l in TENS || l === 'hundred';
}

/** Value of a run of number words, or undefined if the run is not a number phrase. */
function valueOf(words: string[]): number | undefined {
  const w = words.map((x) => x.toLowerCase());
  // "one twenty" / "one forty five": hundreds said as two groups.
  if (w.length >= 2 && w[0]! in ONES && (w[1]! in TENS || w[1]! in TEENS)) {
    const rest = valueOf(w.slice(1));
    if (rest !== undefined && rest >= 10 && rest < 100) return ONES[w[0]!]! * 100 + rest;
  }
  let total = 0;
  let current = 0;
  let last: 'ones' | 'teens' | 'tens' | 'hundred' | undefined;
  for (const x of w) {
    if (x in ONES) {
      if (last === 'ones' || last === 'teens') return undefined;
      current += ONES[x]!;
      last = 'ones';
    } else if (x in TEENS) {
      if (last && last !== 'hundred') return undefined;
      current += TEENS[x]!;
      last = 'teens';
    } else if (x in TENS) {
      if (last && last !== 'hundred') return undefined;
      current += TENS[x]!;
      last = 'tens';
    } else if (x === 'hundred') {
      if (last !== 'ones') return undefined;
      current *= 100;
      last = 'hundred';
    }
  }
  total += current;
  return total;
}

export function spokenNumbersToDigits(text: string): string {
  const tokens = text.split(/(\s+)/);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (!isNumberWord(tokens[i]!)) {
      out.push(tokens[i]!);
      i++;
      continue;
    }
    // Collect the run of number words (with "and" inside "hundred and five").
    const run: string[] = [];
    let j = i;
    while (j < tokens.length && (isNumberWord(tokens[j]!) || (tokens[j]!.toLowerCase() === 'and' && run.at(-1)?.toLowerCase() === 'hundred'))) {
      if (tokens[j]!.toLowerCase() !== 'and') run.push(tokens[j]!);
      j += 2;
      // Punctuation ends a number ("seventy two. and").
      if (/[,.;:?!]$/.test(run.at(-1) ?? '')) break;
    }
    const next = tokens[j - 2 + 2] ?? '';
    const tail = /[,.;:?!]+$/.exec(run.at(-1) ?? '')?.[0] ?? '';
    const value = valueOf(run.map((r) => r.replace(/[,.;:?!]+$/, '')));
    const convert = value !== undefined && (run.length >= 2 || UNITS.test(next.replace(/[,.]$/, '')) || /^(?:\d+|over|point|is|was|at|of)$/i.test(out.at(-2) ?? ''));
    if (convert) {
      out.push(String(value) + tail);
      out.push(tokens[j - 1] ?? '');
    } else {
      for (let k = i; k < j - 1; k++) out.push(tokens[k]!);
      out.push(tokens[j - 1] ?? '');
    }
    i = j;
  }
  return out.join('').replace(/(\d+) point (\d+)/g, '$1.$2').replace(/(\d+) percent\b/g, '$1%');
}
