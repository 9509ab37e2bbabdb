// ACI-bench training dialogues as realistic note requests for the load benchmarks (only
// their text is sent; nothing from them is printed).
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../scripts/lib/csv.ts';

const TRAIN = new URL('../../../shared/data/aci-bench/challenge_data/train.csv', import.meta.url);

export function visitDialogues(): string[] {
  return parseCsv(readFileSync(TRAIN, 'utf8'))
    .slice(1)
    .filter((r) => r.length >= 4)
    .map((r) => r[2]!);
}
