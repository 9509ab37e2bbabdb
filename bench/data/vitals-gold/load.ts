// The vital-signs gold cases (cases.json) with their type; shared by the bench and the test.
import { readFileSync } from 'node:fs';

export const KINDS = ['bloodPressure', 'heartRate', 'temperature', 'respiratoryRate', 'oxygenSaturation', 'weight'] as const;
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
