// The patient's sex, for pronouns: the request's patientInfo.gender, else what the clinician says.
import type { Sentence } from '../transcript/index.ts';
import type { Sex } from './types.ts';

/** The patient's sex: the request's patientInfo.gender, else the clinician's introduction, else clear majority of gendered words. */
export function patientSex(gender: string | undefined, sentences: readonly Sentence[]): Sex {
  const g = gender?.toLowerCase() ?? '';
  if (/^(?:f|female|woman|girl)/.test(g)) return 'female';
  if (/^(?:m|male|man|boy)/.test(g)) return 'male';
  // The clinician's introduction decides: "… is a 58-year-old male …".
  for (const s of sentences) {
    if (s.role !== 'clinician' && s.role !== 'unknown') continue;
    const intro = /\b\d+[- ]years?[- ]old (female|woman|lady|girl|male|man|gentleman|boy)\b/i.exec(s.text);
    if (intro) return /^(?:female|woman|lady|girl)$/i.test(intro[1]!) ? 'female' : 'male';
  }
  let f = 0;
  let m = 0;
  for (const s of sentences) if (s.role === 'clinician') {
    f += (s.text.match(/\b(?:female|woman|mrs|ms|miss|she|her)\b/gi) ?? []).length;
    m += (s.text.match(/\b(?:male|man|mr|he|his|him)\b/gi) ?? []).length;
  }
  return f > m + 1 ? 'female' : m > f + 1 ? 'male' : undefined;
}
