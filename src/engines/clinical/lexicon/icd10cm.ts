// The FY2026 billable ICD-10-CM code set (data/icd10cm/codes.tsv.gz), loaded once on demand.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const FILE = new URL('../../../../data/icd10cm/codes.tsv.gz', import.meta.url);

let titles: Map<string, string> | undefined;

/** Billable code (dotted, e.g. "E11.9") → long title. */
export function icd10cmTitles(): ReadonlyMap<string, string> {
  if (titles) return titles;
  const text = gunzipSync(readFileSync(FILE)).toString('utf8');
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) map.set(line.slice(0, tab), line.slice(tab + 1));
  }
  titles = map;
  return map;
}

export function isBillable(code: string): boolean {
  return icd10cmTitles().has(code);
}

export function icd10cmTitle(code: string): string | undefined {
  return icd10cmTitles().get(code);
}
