// The third writer's vital-signs phrasing cases (cases.json, ACI-bench style) with their type; shared by the bench and the test.
import { readFileSync } from 'node:fs';
import type { VitalKind } from '../vitals-gold/load.ts';

export const SETTINGS = [
  'exam-readout',
  'intake-review',
  'scribe-dictation',
  'speech-recogniser',
  'follow-up',
  'family-and-others',
  'devices-and-labs',
  'paediatrics',
  'telehealth',
] as const;
export type Phrasing3Setting = (typeof SETTINGS)[number];

export interface VitalsPhrasing3Case {
  id: string;
  setting: Phrasing3Setting;
  /** True when the window holds a number or vital-sign statement that must not be labelled (home, past, other person, target, device, lab, earlier of two). */
  trap: boolean;
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<VitalKind, string>>;
  reason: string;
}

export function loadVitalsPhrasing3(): VitalsPhrasing3Case[] {
  return JSON.parse(readFileSync(new URL('cases.json', import.meta.url), 'utf8')) as VitalsPhrasing3Case[];
}
