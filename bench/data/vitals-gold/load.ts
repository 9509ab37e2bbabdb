// The vital-signs gold cases (cases.json) with their type; shared by the bench and the test.
import { readFileSync } from 'node:fs';

export const KINDS = ['bloodPressure', 'heartRate', 'temperature', 'respiratoryRate', 'oxygenSaturation', 'weight'] as const;

/** How a gold value of each kind is written (numbers only; a weight may carry its unit); both vitals sets hold to it. */
export const WELL_FORMED: Record<(typeof KINDS)[number], RegExp> = {
  bloodPressure: /^\d{2,3}\/\d{2,3}$/,
  heartRate: /^\d{2,3}$/,
  temperature: /^\d{2,3}(\.\d)?$/,
  respiratoryRate: /^\d{1,2}$/,
  oxygenSaturation: /^\d{2,3}$/,
  weight: /^\d{1,3}(\.\d)?( lb| kg)?$/,
};

/** Each value of a case that is not of a known kind or not written as WELL_FORMED says: "id kind". */
export function malformedValues(cases: readonly { id: string; vitals: Partial<Record<string, string>> }[]): string[] {
  return cases.flatMap((c) =>
    Object.entries(c.vitals).flatMap(([kind, value]) => {
      const re = (WELL_FORMED as Record<string, RegExp>)[kind];
      return re && re.test(String(value)) ? [] : [`${c.id} ${kind}`];
    }),
  );
}
export type VitalKind = (typeof KINDS)[number];

export interface VitalsGoldCase {
  id: string;
  source: { corpus: 'mts-dialog' | 'primock57'; file: string; row: string };
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<VitalKind, string>>;
  reason: string;
}

export function loadVitalsGold(): VitalsGoldCase[] {
  return JSON.parse(readFileSync(new URL('cases.json', import.meta.url), 'utf8')) as VitalsGoldCase[];
}
