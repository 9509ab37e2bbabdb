// Chronic pain beside its site (guidelines I.C.6.b.1; Index: Pain, chronic G89.29): adds G89.29 to a coded pain said as chronic.
import { codingCues } from '../language/coding.ts';
import { tokenize } from '../lexicon/tokens.ts';
import { icd10cmTitle } from '../lexicon/icd10cm.ts';
import type { CodedDiagnosis } from './select.ts';

const CHRONIC_PAIN = 'G89.29';

/** Is the mention of `d` a pain (a pain word in it) said as chronic (a chronic word in it or just before it in its sentence)? */
function chronicPainMention(d: CodedDiagnosis, text: string): boolean {
  const cue = codingCues().chronic_pain;
  const m = d.mention;
  const said = tokenize(text, m.start, m.end).map((t) => t.norm);
  if (!said.some((w) => cue.pain.includes(w))) return false;
  const before = tokenize(text, m.sentence.start, m.start).map((t) => t.norm).slice(-cue.reach);
  return [...before, ...said].some((w) => cue.chronic.includes(w));
}

/**
 * The visit's diagnoses with G89.29 added beside a site pain documented as chronic, once; none when
 * a G89 code is coded already (the G89 code then says it) or the pain is not said to be chronic (I.C.6.b.1.a).
 */
export function chronicPainBeside(diagnoses: CodedDiagnosis[], text: string): CodedDiagnosis[] {
  if (diagnoses.some((d) => d.code.startsWith('G89.'))) return diagnoses;
  const site = diagnoses.find((d) => chronicPainMention(d, text));
  if (!site) return diagnoses;
  const added: CodedDiagnosis = { ...site, code: CHRONIC_PAIN, title: icd10cmTitle(CHRONIC_PAIN) ?? CHRONIC_PAIN, mentions: [...site.mentions] };
  return [...diagnoses, added];
}
