// Codes by side of an unspecified-side code (data/icd10cm/coding-sides.tsv, built by
// scripts/build-coding-index.ts from the tabular titles): "Tinnitus, unspecified ear" H93.19 →
// right ear H93.11, left ear H93.12.
import { readFileSync } from 'node:fs';
import type { Concept } from '../lexicon/index.ts';

const FILE = new URL('../../../../data/icd10cm/coding-sides.tsv', import.meta.url);
let table: Map<string, string> | undefined;

/** The code spec by side ("R:H93.11,L:H93.12,U:H93.19") of an unspecified-side code, if the tabular list has one. */
export function sidesOf(code: string): string | undefined {
  if (!table) {
    table = new Map();
    for (const line of readFileSync(FILE, 'utf8').split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0 && !line.startsWith('#')) table.set(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  return table.get(code);
}

/** Does the concept have codes by side already? */
export const sided = (codes: Concept['codes']): boolean => Boolean(codes.R || codes.L);
