// Drug names from the FDA Orange Book (data/drugs/drugs.tsv): term → generic, prescription flag.
import { readFileSync } from 'node:fs';

export interface DrugEntry {
  generic: string;
  /** Marketed on prescription (some product of this term is Rx). */
  rx: boolean;
}

const FILE = new URL('../../../../data/drugs/drugs.tsv', import.meta.url);
let drugs: Map<string, DrugEntry> | undefined;

/** Lower-case term (generic or brand, may be several words) → entry. */
export function drugLexicon(): ReadonlyMap<string, DrugEntry> {
  if (drugs) return drugs;
  const map = new Map<string, DrugEntry>();
  for (const line of readFileSync(FILE, 'utf8').split('\n').slice(1)) {
    const [term, generic, rx] = line.split('\t');
    if (term && generic) map.set(term, { generic, rx: rx === '1' });
  }
  drugs = map;
  return map;
}
