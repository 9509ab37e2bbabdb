// Where the team's shared public data (../shared/data: ACI-bench, MTS-Dialog, PriMock57,
// ICD-10-CM, JSONSchemaBench) is found: CLINSCRIBE_SHARED_DATA, else beside the checkout,
// else the workplace's mount. Benches and data tests read it; the product never does.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CANDIDATES = [process.env.CLINSCRIBE_SHARED_DATA, path.resolve(ROOT, '../shared/data'), '/work/shared/data'];

/** The shared data folder, or undefined when none of the places has it. */
export const SHARED_DATA: string | undefined = CANDIDATES.find((dir): dir is string => Boolean(dir) && fs.existsSync(path.join(dir as string, 'README.md')));

/** The shared data folder; throws naming the setting when it is missing. */
export function sharedData(): string {
  if (!SHARED_DATA) throw new Error('the shared data folder was not found: set CLINSCRIBE_SHARED_DATA to its path');
  return SHARED_DATA;
}
