// The patient's sex, for pronouns: the request's patientInfo.gender, else what the clinician says.
import { AGE_PHRASE, GENDERED, sexFromGender } from '../language/index.ts';
import type { Sentence } from '../transcript/index.ts';
import type { Sex } from './types.ts';

const INTRO = new RegExp(`\\b${AGE_PHRASE} (${GENDERED.introduction.female}|${GENDERED.introduction.male})\\b`, 'i');
const FEMALE_INTRO = new RegExp(`^(?:${GENDERED.introduction.female})$`, 'i');
const FEMALE_WORDS = new RegExp(`\\b(?:${GENDERED.words.female})\\b`, 'gi');
const MALE_WORDS = new RegExp(`\\b(?:${GENDERED.words.male})\\b`, 'gi');

/** The patient's sex: the request's patientInfo.gender, else the clinician's introduction, else clear majority of gendered words. */
export function patientSex(gender: string | undefined, sentences: readonly Sentence[]): Sex {
  const given = sexFromGender(gender);
  if (given) return given;
  // The clinician's introduction decides: "… is a 58-year-old male …".
  for (const s of sentences) {
    if (s.role !== 'clinician' && s.role !== 'unknown') continue;
    const intro = INTRO.exec(s.text);
    if (intro) return FEMALE_INTRO.test(intro[1]!) ? 'female' : 'male';
  }
  let f = 0;
  let m = 0;
  for (const s of sentences) if (s.role === 'clinician') {
    f += (s.text.match(FEMALE_WORDS) ?? []).length;
    m += (s.text.match(MALE_WORDS) ?? []).length;
  }
  return f > m + 1 ? 'female' : m > f + 1 ? 'male' : undefined;
}
