// Assessment: the visit's problems (as said, with ICD-10-CM codes) and the clinician's impression.
import type { Visit } from '../visit/index.ts';
import type { Statement } from './evidence.ts';
import type { SoapJson } from './fields.ts';

const IMPRESSION = /\b(?:diagnos|i think|consistent with|sounds like|impression|likely|assessment)\b/i;

/** One statement per problem, in the order first said. */
export function writeAssessment(visit: Visit, planSaid: Statement[], out: SoapJson): Statement[] {
  const diagnoses = visit.problems.map((p, i) => {
    out.set(`assessment.diagnoses.${i}.description`, p.title, [p.span]);
    if (p.icd) out.set(`assessment.diagnoses.${i}.icdCode`, p.icd, [p.span]);
    return { text: `${p.name}.`, spans: [p.span] };
  });
  const impression = planSaid.filter((s) => IMPRESSION.test(s.text));
  if (impression.length) out.set('assessment.clinicalImpression', impression.map((s) => s.text).join(' '), impression.flatMap((s) => s.spans));
  return diagnoses;
}
