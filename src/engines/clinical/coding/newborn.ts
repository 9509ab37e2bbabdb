// Whether a visit's patient is an infant whose birth it speaks of: the pregnancy it names is the mother's
// (guidelines I.C.15.a.2; data/language/en/coding.json `newborn_record`).
import { alternation, spokenAlternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';

let pattern: RegExp | undefined;

function infantPatient(): RegExp {
  if (pattern) return pattern;
  const c = codingCues().newborn_record;
  // "he was born via C-section", or a person's age in days, weeks or months ("she is ten days old",
  // "a six-week-old boy"); a symptom's age ("the rash is two weeks old") is not the patient's.
  const age = `[a-z0-9]+[\\s-]+(?:${alternation(c.age_units)})[\\s-]+old`;
  pattern = new RegExp(
    `\\b(?:${spokenAlternation(c.born)})\\b|\\b(?:${spokenAlternation(c.age_subjects)})\\s+${age}\\b|\\ban?\\s+${age}\\s+(?:${alternation(c.age_people)})\\b`,
    'i',
  );
  return pattern;
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
