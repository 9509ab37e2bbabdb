// Builds the coding gold JSON files from the hand-written label sources in src/*.txt: adds the
// source reference and the frozen dev/held-out split, and refuses any code that is not billable
// in FY2026. Run: node --import tsx bench/data/coding-gold/build.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sharedData } from '../../../scripts/lib/shared-data.ts';

const HERE = new URL('./', import.meta.url);
const SHARED = pathToFileURL(`${sharedData()}/`);

export type Corpus = 'aci-bench' | 'mts-dialog' | 'primock57';
export type Split = 'dev' | 'heldout';

export interface GoldCode { code: string; reason: string }
export interface GoldEncounter {
  id: string;
  source: { corpus: Corpus; file: string; row?: string; id?: number };
  split: Split;
  codes: GoldCode[];
}
export interface GoldFile { about: string; encounters: GoldEncounter[] }

const ABOUT: Record<Corpus, string> = {
  'aci-bench':
    'ICD-10-CM gold codes for ACI-bench train/valid encounters, written by hand from the gold note ASSESSMENT AND PLAN (issue #18 policy, FY2026 outpatient guidelines). Held out: encounter number divisible by 3. See README.md.',
  'mts-dialog':
    'ICD-10-CM gold codes for MTS-Dialog train/valid rows whose section (assessment, diagnosis, plan, …) documents a codable problem, written by hand from section_text (issue #18 policy). Held out: numeric ID divisible by 3. See README.md.',
  primock57:
    'ICD-10-CM gold codes for the 40 PriMock57 consultations here, written by hand from the clinician note (issue #18 policy). Held out: 1-based position in the sorted list divisible by 3. See README.md.',
};

function billableCodes(): Set<string> {
  const lines = readFileSync(new URL('icd10cm/icd10cm_codes_2026.tsv', SHARED), 'utf8').split('\n').slice(1);
  return new Set(lines.filter(Boolean).map((l) => l.split('\t')[1]!));
}

/** One label line: `ID :: CODE = reason || CODE = reason`. */
function parseLine(line: string): { id: string; codes: GoldCode[] } {
  const [id, rest] = line.split(' :: ');
  if (!id || rest === undefined) throw new Error(`bad label line: ${line.slice(0, 40)}`);
  const codes = rest.split(' || ').map((part) => {
    const eq = part.indexOf(' = ');
    if (eq < 0) throw new Error(`label without reason in ${id}`);
    return { code: part.slice(0, eq).trim(), reason: part.slice(eq + 3).trim() };
  });
  return { id: id.trim(), codes };
}

/** The 40 PriMock57 consultations in sorted order: the held-out rule counts positions in it. */
export function primockOrder(): string[] {
  return readdirSync(new URL('primock57/notes/', SHARED)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}

function source(corpus: Corpus, id: string, order: string[]): { source: GoldEncounter['source']; split: Split } {
  if (corpus === 'aci-bench') {
    const n = Number(id.slice(3));
    const file = n <= 67 ? 'aci-bench/challenge_data/train.csv' : 'aci-bench/challenge_data/valid.csv';
    return { source: { corpus, file, row: id }, split: n % 3 === 0 ? 'heldout' : 'dev' };
  }
  if (corpus === 'mts-dialog') {
    const [set, num] = id.split(':');
    const file = set === 'valid' ? 'mts-dialog/MTS-Dialog-ValidationSet.csv' : 'mts-dialog/MTS-Dialog-TrainingSet.csv';
    const n = Number(num);
    return { source: { corpus, file, id: n }, split: n % 3 === 0 ? 'heldout' : 'dev' };
  }
  const pos = order.indexOf(id) + 1;
  if (pos === 0) throw new Error(`unknown PriMock57 consultation ${id}`);
  return { source: { corpus, file: `primock57/notes/${id}.json` }, split: pos % 3 === 0 ? 'heldout' : 'dev' };
}

export function build(corpus: Corpus, valid: Set<string>, order: string[]): GoldFile {
  const lines = readFileSync(new URL(`src/${corpus}.txt`, HERE), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const seen = new Set<string>();
  const encounters = lines.map((line) => {
    const { id, codes } = parseLine(line);
    if (seen.has(id)) throw new Error(`duplicate encounter ${id}`);
    seen.add(id);
    for (const c of codes) if (!valid.has(c.code)) throw new Error(`${id}: ${c.code} is not a billable FY2026 code`);
    if (new Set(codes.map((c) => c.code)).size !== codes.length) throw new Error(`${id}: duplicate code`);
    return { id: corpus === 'mts-dialog' ? `mts-${id.replace(':', '-')}` : id, ...source(corpus, id, order), codes };
  });
  return { about: ABOUT[corpus], encounters };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const valid = billableCodes();
  const order = primockOrder();
  for (const corpus of process.argv.slice(2) as Corpus[]) {
    const gold = build(corpus, valid, order);
    writeFileSync(new URL(`${corpus}.json`, HERE), JSON.stringify(gold, null, 1) + '\n');
    const held = gold.encounters.filter((e) => e.split === 'heldout').length;
    console.log(`${corpus}: ${gold.encounters.length} encounters (${held} held out), ${gold.encounters.reduce((n, e) => n + e.codes.length, 0)} codes`);
  }
}
