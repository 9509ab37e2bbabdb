// Builds the coding gold JSON files from the hand-written label sources in src/*.txt: adds the
// source reference and the frozen dev/held-out split, and refuses any code that is not billable
// in FY2026. Run: node --import tsx bench/data/coding-gold/build.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sharedData } from '../../../scripts/lib/shared-data.ts';

const HERE = new URL('./', import.meta.url);
const SHARED = pathToFileURL(`${sharedData()}/`);

/** A source dataset. */
export type Corpus = 'aci-bench' | 'mts-dialog' | 'primock57';
/** A label file (`src/<set>.txt` -> `<set>.json`); several may label rows of one dataset. */
export type LabelSet = Corpus | 'mts-dialog-cc' | 'mts-dialog-hpi' | 'mts-dialog-hpi-dev2' | 'mts-dialog-hpi-check' | 'mts-dialog-hpi-check2' | 'mts-dialog-hpi-verdict';
/** dev: failures may be read; check: only its aggregate row gates tuning; heldout: reported only. */
export type Split = 'dev' | 'check' | 'heldout';
/** How a set's rows are split, fixed before its labels were written: by the corpus's id rule, or every row one split. */
export const SPLIT_RULE: Record<LabelSet, 'id rule' | Split> = {
  'aci-bench': 'id rule', 'mts-dialog': 'id rule', primock57: 'id rule', 'mts-dialog-cc': 'id rule', 'mts-dialog-hpi': 'id rule',
  'mts-dialog-hpi-dev2': 'dev', 'mts-dialog-hpi-check': 'check', 'mts-dialog-hpi-check2': 'check', 'mts-dialog-hpi-verdict': 'heldout',
};

export interface GoldCode { code: string; reason: string }
export interface GoldEncounter {
  id: string;
  source: { corpus: Corpus; file: string; row?: string; id?: number };
  split: Split;
  codes: GoldCode[];
  /** Set exactly when `codes` is empty: why nothing in the text is codable. */
  noCodeReason?: string;
}
export interface GoldFile { about: string; encounters: GoldEncounter[] }

const ABOUT: Record<LabelSet, string> = {
  'aci-bench':
    'ICD-10-CM gold codes for ACI-bench train/valid encounters, written by hand from the gold note ASSESSMENT AND PLAN (issue #18 policy, FY2026 outpatient guidelines). Held out: encounter number divisible by 3. See README.md.',
  'mts-dialog':
    'ICD-10-CM gold codes for MTS-Dialog train/valid rows whose section (assessment, diagnosis, plan, …) documents a codable problem, written by hand from section_text (issue #18 policy). Held out: numeric ID divisible by 3. See README.md.',
  'mts-dialog-cc':
    'ICD-10-CM gold codes for every MTS-Dialog train/valid chief-complaint (CC) row, written by hand from section_text as the reason for a chief-complaint-only encounter (guidelines IV.D, IV.H); rows with nothing codable have no codes and a noCodeReason. Held out: numeric ID divisible by 3. See README.md.',
  'mts-dialog-hpi':
    'ICD-10-CM gold codes for the MTS-Dialog train/valid history-of-present-illness (GENHX) rows whose ID is divisible by 5, written by hand from section_text as the reason for the encounter the HPI documents, before any coder run on them; rows with nothing codable have no codes and a noCodeReason. Held out: numeric ID divisible by 3. See README.md.',
  'mts-dialog-hpi-dev2':
    'ICD-10-CM gold codes for the MTS-Dialog train/valid history-of-present-illness (GENHX) rows whose ID leaves 3 divided by 5, written by hand from section_text like mts-dialog-hpi, by a writer blind to the engine, before any coder run on them. Every row is a development row: its failures may be read. See README.md.',
  'mts-dialog-hpi-check':
    'ICD-10-CM gold codes for the MTS-Dialog train/valid history-of-present-illness (GENHX) rows whose ID leaves 1 divided by 5, written by hand from section_text like mts-dialog-hpi, by a writer blind to the engine, before any coder run on them. Every row is a check row: tuning reads only its aggregate. See README.md.',
  'mts-dialog-hpi-check2':
    'ICD-10-CM gold codes for the MTS-Dialog train/valid history-of-present-illness (GENHX) rows whose ID leaves 4 divided by 5, written by hand from section_text like mts-dialog-hpi, by a writer blind to the engine, before any coder run on them. Every row is a check row, kept from tuners altogether: it is read only as an aggregate, when a tuned change is weighed for merging. See README.md.',
  'mts-dialog-hpi-verdict':
    'ICD-10-CM gold codes for the MTS-Dialog train/valid history-of-present-illness (GENHX) rows whose ID leaves 2 divided by 5, written by hand from section_text like mts-dialog-hpi, by a writer blind to the engine, before any coder run on them. Every row is held out: reported only, never read or tuned on. See README.md.',
  primock57:
    'ICD-10-CM gold codes for the 40 PriMock57 consultations here, written by hand from the clinician note (issue #18 policy). Held out: 1-based position in the sorted list divisible by 3. See README.md.',
};

export function billableCodes(): Set<string> {
  const lines = readFileSync(new URL('icd10cm/icd10cm_codes_2026.tsv', SHARED), 'utf8').split('\n').slice(1);
  return new Set(lines.filter(Boolean).map((l) => l.split('\t')[1]!));
}

const DATASET: Record<LabelSet, Corpus> = {
  'aci-bench': 'aci-bench', 'mts-dialog': 'mts-dialog', primock57: 'primock57', 'mts-dialog-cc': 'mts-dialog', 'mts-dialog-hpi': 'mts-dialog',
  'mts-dialog-hpi-dev2': 'mts-dialog', 'mts-dialog-hpi-check': 'mts-dialog', 'mts-dialog-hpi-check2': 'mts-dialog', 'mts-dialog-hpi-verdict': 'mts-dialog',
};
/** Encounter id prefix for MTS-Dialog rows, distinct per label set so ids never collide across files. */
const MTS_PREFIX: Partial<Record<LabelSet, string>> = {
  'mts-dialog': 'mts-', 'mts-dialog-cc': 'mts-cc-', 'mts-dialog-hpi': 'mts-hpi-', 'mts-dialog-hpi-dev2': 'mts-hpid-', 'mts-dialog-hpi-check': 'mts-hpic-', 'mts-dialog-hpi-check2': 'mts-hpic2-', 'mts-dialog-hpi-verdict': 'mts-hpiv-',
};
/** The code written for a row with nothing codable: `ID :: NONE = reason`. */
const NONE = 'NONE';

/** One label line: `ID :: CODE = reason || CODE = reason`, or `ID :: NONE = reason`. */
export function parseLine(line: string): { id: string; codes: GoldCode[]; noCodeReason?: string } {
  const [id, rest] = line.split(' :: ');
  if (!id || rest === undefined) throw new Error(`bad label line: ${line.slice(0, 40)}`);
  const codes = rest.split(' || ').map((part) => {
    const eq = part.indexOf(' = ');
    if (eq < 0) throw new Error(`label without reason in ${id}`);
    return { code: part.slice(0, eq).trim(), reason: part.slice(eq + 3).trim() };
  });
  if (!codes.some((c) => c.code === NONE)) return { id: id.trim(), codes };
  if (codes.length > 1) throw new Error(`${id}: ${NONE} mixed with codes`);
  return { id: id.trim(), codes: [], noCodeReason: codes[0]!.reason };
}

/** Gold sets a second writer labelled again, blind to the first: their agreement is the ceiling (coding-agreement bench). */
export const SECOND_LABELS = [
  { first: 'mts-dialog-hpi-check', second: 'mts-dialog-hpi-check-second', file: 'mts-dialog/MTS-Dialog-TrainingSet.csv', validFile: 'mts-dialog/MTS-Dialog-ValidationSet.csv' },
] as const;

/** The codes of one label source `src/<set>.txt` by row id (`train:12`); a `NONE` row has none. */
export function labelsOf(set: string): Map<string, string[]> {
  const lines = readFileSync(new URL(`src/${set}.txt`, HERE), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  return new Map(lines.map((l) => parseLine(l)).map((r) => [r.id, r.codes.map((c) => c.code)]));
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

export function build(set: LabelSet, valid: Set<string>, order: string[]): GoldFile {
  const corpus = DATASET[set];
  const lines = readFileSync(new URL(`src/${set}.txt`, HERE), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const seen = new Set<string>();
  const encounters = lines.map((line): GoldEncounter => {
    const { id, codes, noCodeReason } = parseLine(line);
    if (seen.has(id)) throw new Error(`duplicate encounter ${id}`);
    seen.add(id);
    for (const c of codes) if (!valid.has(c.code)) throw new Error(`${id}: ${c.code} is not a billable FY2026 code`);
    if (new Set(codes.map((c) => c.code)).size !== codes.length) throw new Error(`${id}: duplicate code`);
    const prefix = MTS_PREFIX[set];
    const { source: src, split } = source(corpus, id, order);
    const rule = SPLIT_RULE[set];
    const enc: GoldEncounter = { id: prefix ? `${prefix}${id.replace(':', '-')}` : id, source: src, split: rule === 'id rule' ? split : rule, codes };
    return noCodeReason === undefined ? enc : { ...enc, noCodeReason };
  });
  return { about: ABOUT[set], encounters };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const valid = billableCodes();
  const order = primockOrder();
  for (const set of process.argv.slice(2) as LabelSet[]) {
    const gold = build(set, valid, order);
    writeFileSync(new URL(`${set}.json`, HERE), JSON.stringify(gold, null, 1) + '\n');
    const held = gold.encounters.filter((e) => e.split === 'heldout').length;
    const empty = gold.encounters.filter((e) => e.codes.length === 0).length;
    console.log(`${set}: ${gold.encounters.length} encounters (${held} held out, ${empty} with nothing codable), ${gold.encounters.reduce((n, e) => n + e.codes.length, 0)} codes`);
  }
}
