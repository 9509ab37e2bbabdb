// The body system of an ICD-10-CM code by its tabular chapter or section
// (data/icd10cm/coding-systems.tsv), so a confirmed diagnosis explains the signs and symptoms of
// its system (guidelines IV.D, I.B.4-5: signs and symptoms integral to it are not coded).
import { icd10cmTable } from '../lexicon/tables.ts';

let ranges: { first: string; last: string; systems: string[] }[] | undefined;

/** The system tags of a code's chapter or section; none for chapters without one (O, P, Q, T, V–Z). */
export function systemsOf(code: string): string[] {
  ranges ??= icd10cmTable('coding-systems.tsv').map(([first, last, systems]) => ({ first: first!, last: last!, systems: systems!.split(',') }));
  const category = code.slice(0, 3);
  return ranges.find((r) => category >= r.first && category <= r.last)?.systems ?? [];
}
