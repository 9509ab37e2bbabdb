// The team-written vital-signs phrasing cases (cases.json) with their type; shared by the bench and the test.
import { readFileSync } from 'node:fs';
import type { VitalKind } from '../vitals-gold/load.ts';

export const STYLES = ['aci-outpatient', 'scribe-dictation', 'speech-recogniser', 'inflection', 'uk-gp', 'trap'] as const;
export type PhrasingStyle = (typeof STYLES)[number];

export interface VitalsPhrasingCase {
  id: string;
  style: PhrasingStyle;
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<VitalKind, string>>;
  reason: string;
}

export function loadVitalsPhrasing(): VitalsPhrasingCase[] {
  return JSON.parse(readFileSync(new URL('cases.json', import.meta.url), 'utf8')) as VitalsPhrasingCase[];
}
