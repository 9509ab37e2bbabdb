// The second writer's vital-signs phrasing cases (cases.json) with their type; shared by the bench and the test.
import { readFileSync } from 'node:fs';
import type { VitalKind } from '../vitals-gold/load.ts';

export const SETTINGS = [
  'primary-care',
  'emergency',
  'cardiology',
  'paediatrics',
  'telehealth',
  'nurse-intake',
  'scribe-dictation',
  'speech-recogniser',
] as const;
export type PhrasingSetting = (typeof SETTINGS)[number];

export interface VitalsPhrasing2Case {
  id: string;
  setting: PhrasingSetting;
  /** True when the window holds a reading that must not be labelled (home, past, other person, target, earlier of two). */
  trap: boolean;
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<VitalKind, string>>;
  reason: string;
}

export function loadVitalsPhrasing2(): VitalsPhrasing2Case[] {
  return JSON.parse(readFileSync(new URL('cases.json', import.meta.url), 'utf8')) as VitalsPhrasing2Case[];
}
