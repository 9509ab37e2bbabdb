// Codes by side of an unspecified-side code (data/icd10cm/coding-sides.tsv, built by
// scripts/build-coding-index.ts from the tabular titles): "Tinnitus, unspecified ear" H93.19 →
// right ear H93.11, left ear H93.12.
import type { Concept } from '../lexicon/index.ts';
import { icd10cmTable } from '../lexicon/tables.ts';

let table: Map<string, string> | undefined;

/** The code spec by side ("R:H93.11,L:H93.12,U:H93.19") of an unspecified-side code, if the tabular list has one. */
export function sidesOf(code: string): string | undefined {
  table ??= new Map(icd10cmTable('coding-sides.tsv').flatMap(([unspecified, sides]) => (unspecified && sides ? [[unspecified, sides] as const] : [])));
  return table.get(code);
}

let bySided: Map<string, { unspecified: string; side: string }> | undefined;

/** The unspecified-side code and side of a code by side ("Unspecified otitis externa, right ear" H60.91 → H60.90, R). */
export function sideOfCode(code: string): { unspecified: string; side: string } | undefined {
  if (!bySided) {
    sidesOf('');
    bySided = new Map();
    for (const [unspecified, sides] of table!) {
      for (const part of sides.split(',')) {
        const [side, c] = part.split(':');
        if (side && c && side !== 'U') bySided.set(c, { unspecified, side });
      }
    }
  }
  return bySided.get(code);
}

/** Does the concept have codes by side already? */
export const sided = (codes: Concept['codes']): boolean => Boolean(codes.R || codes.L);
