// A visit in pregnancy: the gestational age it states, and the chapter 15 codes of a pregnant
// patient's conditions (guidelines I.C.15.a; data/lexicon/pregnancy-codes.tsv, coding.json `pregnancy`).
import { spokenNumbersToDigits } from '../numbers/spoken.ts';
import { wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { codeMatches } from './rules.ts';
import { lexiconTable } from '../lexicon/tables.ts';
import { splitSentences } from '../context/sentences.ts';

let weeksPattern: RegExp | undefined;
let contextPattern: RegExp | undefined;

// Gestational ages the index codes (Z3A.08-Z3A.42); fewer weeks than this are Z3A.01.
const FIRST_CODED_WEEK = 8;
const LAST_WEEK = 42;

/**
 * The weeks of gestation the visit states ("24 weeks pregnant", "measuring on track for twenty four
 * weeks"): a number of weeks in a sentence with a pregnancy word, the last such; undefined when none.
 */
export function gestationalWeeks(text: string): number | undefined {
  const p = codingCues().pregnancy;
  // A decimal gestational age ("20.5 weeks") is its completed weeks (Z3A codes count completed weeks),
  // not the digit after the point.
  weeksPattern ??= /(?<![\d.])(\d{1,2})(?:\.\d+)?\s*(?:-\s*)?weeks?\b/gi;
  contextPattern ??= new RegExp(wordsPattern(p.context), 'i');
  let weeks: number | undefined;
  // The shared splitter keeps a decimal whole and cuts at ';', so a rash "6 weeks ago" after
  // "she is pregnant;" is not read as her gestational age.
  for (const { start, end } of splitSentences(text, [])) {
    const sentence = text.slice(start, end);
    if (!contextPattern.test(sentence)) continue;
    const digits = spokenNumbersToDigits(sentence);
    weeksPattern.lastIndex = 0;
    for (let m = weeksPattern.exec(digits); m; m = weeksPattern.exec(digits)) {
      const n = Number(m[1]);
      if (n >= 4 && n <= LAST_WEEK) weeks = n;
    }
  }
  return weeks;
}

/** The Z3A code of a gestational age in weeks (Z3A.01: less than 8 weeks). */
export function weeksCode(weeks: number): string {
  return weeks < FIRST_CODED_WEEK ? 'Z3A.01' : `Z3A.${String(weeks).padStart(2, '0')}`;
}

/** The trimester of a gestational age (I.C.15.a.3: first before 14 weeks, third from 28). */
const trimesterOf = (weeks: number): '1' | '2' | '3' => (weeks < 14 ? '1' : weeks < 28 ? '2' : '3');

interface PregnancyRow { pattern: string; byTrimester: Map<string, string>; keep: boolean }
let rows: PregnancyRow[] | undefined;

/** The chapter 15 code of a condition in pregnancy at `weeks`, and whether its own code stays; undefined when none is listed. */
export function pregnancyCode(code: string, weeks: number | undefined): { code: string; keep: boolean } | undefined {
  rows ??= lexiconTable('pregnancy-codes.tsv').map(([pattern, spec, keep]) => ({
    pattern: pattern!,
    byTrimester: new Map(spec!.split(',').map((p) => p.split(':') as [string, string])),
    keep: keep === 'yes',
  }));
  const row = rows.find((r) => codeMatches(r.pattern, code));
  const o = row?.byTrimester.get(weeks === undefined ? 'U' : trimesterOf(weeks));
  return row && o ? { code: o, keep: row.keep } : undefined;
}
