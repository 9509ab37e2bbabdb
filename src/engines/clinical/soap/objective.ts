// Objective: vital signs with units, examination findings by body area, results.
import type { Vitals } from '../numbers/index.ts';
import type { Visit } from '../visit/index.ts';
import type { Statement } from './evidence.ts';
import { examArea } from './exam.ts';
import type { SoapJson } from './fields.ts';

export const VITAL_TITLES: Record<keyof Vitals, string> = {
  bloodPressure: 'Blood pressure', heartRate: 'Heart rate', temperature: 'Temperature', respiratoryRate: 'Respiratory rate',
  oxygenSaturation: 'Oxygen saturation', weight: 'Weight',
};

export interface Objective {
  vitals: Statement[];
  exam: [string, Statement[]][];
  results: Statement[];
}

export function writeObjective(visit: Visit, examSaid: Statement[], results: Statement[], out: SoapJson): Objective {
  const vitals = visit.vitals.map((v) => {
    out.set(`objective.vitalSigns.${v.kind}`, v.value, v.spans);
    return { text: `${VITAL_TITLES[v.kind]}: ${v.value}.`, spans: v.spans };
  });
  const byArea = new Map<string, Statement[]>();
  for (const s of examSaid) {
    const area = examArea(s.text);
    byArea.set(area, [...(byArea.get(area) ?? []), s]);
  }
  for (const [area, items] of byArea) out.set(`objective.physicalExam.${area}`, items.map((s) => s.text).join(' '), items.flatMap((s) => s.spans));
  if (results.length) out.set('objective.results', results.map((s) => s.text).join(' '), results.flatMap((s) => s.spans));
  return { vitals, exam: [...byArea], results };
}
