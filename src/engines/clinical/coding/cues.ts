// MDM and procedure cue phrases (data/lexicon/mdm-cues.json), compiled once.
import { readFileSync } from 'node:fs';
import { PhraseSet } from './phrases.ts';

interface CueFile {
  tests: Record<string, string[]>;
  procedures: { code: string; display: string; phrases: string[] }[];
  [list: string]: unknown;
}

export type CueKind =
  | { kind: 'test'; name: string }
  | { kind: 'interpretation' | 'external' | 'otc' | 'rx_verbs' | 'surgery' | 'hospital' | 'minor_procedure' | 'exacerbation' | 'new_patient' | 'performed' }
  | { kind: 'procedure'; code: string; display: string };

const FILE = new URL('../../../../data/lexicon/mdm-cues.json', import.meta.url);
const LISTS = ['interpretation', 'external', 'otc', 'rx_verbs', 'surgery', 'hospital', 'minor_procedure', 'exacerbation', 'new_patient', 'performed'] as const;

let cached: { cues: PhraseSet<CueKind>; procedures: PhraseSet<CueKind> } | undefined;

/** `cues`: MDM evidence phrases; `procedures`: procedure phrases (matched separately, they overlap tests). */
export function cueSets(): { cues: PhraseSet<CueKind>; procedures: PhraseSet<CueKind> } {
  if (cached) return cached;
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as CueFile;
  const cues = new PhraseSet<CueKind>();
  // Longer, more telling lists first: the first value given to a phrase wins.
  for (const kind of LISTS) for (const p of data[kind] as string[]) cues.add(p, { kind } as CueKind);
  for (const [name, phrases] of Object.entries(data.tests)) for (const p of phrases) cues.add(p, { kind: 'test', name });
  const procedures = new PhraseSet<CueKind>();
  for (const p of data.procedures) for (const phrase of p.phrases) procedures.add(phrase, { kind: 'procedure', code: p.code, display: p.display });
  cached = { cues, procedures };
  return cached;
}
