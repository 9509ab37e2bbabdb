// Whether a visit's patient is an infant whose birth it speaks of: the pregnancy it names is the mother's
// (guidelines I.C.15.a.2; data/language/en/coding.json `newborn_record`).
import { alternation, spokenAlternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { lexiconTable } from '../lexicon/tables.ts';
import { spokenNumbersToDigits } from '../numbers/spoken.ts';

let pattern: RegExp | undefined;

function infantPatient(): RegExp {
  if (pattern) return pattern;
  const c = codingCues().newborn_record;
  // "he was born via C-section", or a person's age in days, weeks or months ("she is ten days old",
  // "a six-week-old boy"); a symptom's age ("the rash is two weeks old") is not the patient's.
  const age = `[a-z0-9]+[\\s-]+(?:${alternation(c.age_units)})[\\s-]+old`;
  // …or said opening a sentence as a person's ("Twenty one days old Caucasian male."): a word may stand before the person.
  const opening = `(?:^|[.?!:]\\s+)${age}\\s+(?:[a-z]+\\s+)?(?:${alternation(c.age_people)})\\b`;
  pattern = new RegExp(
    `\\b(?:${spokenAlternation(c.born)})\\b|\\b(?:${spokenAlternation(c.age_subjects)})\\s+${age}\\b|\\ban?\\s+${age}\\s+(?:${alternation(c.age_people)})\\b|${opening}`,
    'im',
  );
  return pattern;
}

// The newborn (neonatal) period: birth through the 28th day (guidelines I.C.16, Section I.C.16.a.1 note on the perinatal period).
const NEONATAL_DAYS = 28;
const DAYS_IN: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7 };
// The infant pattern with the global flag matchAll needs, compiled once.
let infantAll: RegExp | undefined;

/**
 * Is the visit's patient a newborn: an infant (infantRecord) whose age the visit gives in days or
 * weeks within the newborn period ("twenty one days old", "a two-week-old boy")? Its symptoms then
 * take the index's "newborn" subterms (data/lexicon/newborn-codes.tsv).
 */
export function newbornRecord(text: string): boolean {
  infantAll ??= new RegExp(infantPatient().source, 'gim');
  for (const m of spokenNumbersToDigits(text).matchAll(infantAll)) {
    const age = /(\d+)[\s-]+(days?|weeks?)\b/i.exec(m[0]);
    if (age) return Number(age[1]) * DAYS_IN[age[2]!.toLowerCase()]! <= NEONATAL_DAYS;
  }
  return false;
}

let newborn: Map<string, string> | undefined;
/** The newborn code of a symptom's code, when the index has a "newborn" subterm for it (Fever, newborn P81.9). */
export function newbornCode(code: string): string | undefined {
  newborn ??= new Map(lexiconTable('newborn-codes.tsv').map(([from, to]) => [from!, to!]));
  return newborn.get(code);
}

/**
 * Is the visit about an infant ("he was born a week early", "he is twenty one months old")? Then its
 * pregnancy, delivery and maternity codes are the mother's: chapter 15 codes are used only on the
 * maternal record, never on the newborn's (guidelines I.C.15.a.2), and Z33.1 is the mother's state.
 * A visit in the patient's own puerperium (puerperium.ts) is the mother's and is not asked.
 */
export function infantRecord(text: string): boolean {
  return infantPatient().test(text);
}
