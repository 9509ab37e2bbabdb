// Assembles the text-to-JSON evaluation set: reads each style's hand-written cases from
// authoring/, resolves every case text from the shared corpora, checks every gold value
// against its schema with Ajv, and writes one <style>.json per style. The split of a case
// already written is never changed, so the held-out third stays frozen as cases are added.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../scripts/lib/csv.ts';
import type { Authored } from './authoring/types.ts';
import { validatorFor } from './load.ts';
import { sharedData } from '../../../scripts/lib/shared-data.ts';

const SHARED = sharedData();
const here = import.meta.dirname;
const STYLES = ['fhir', 'intake', 'medrec', 'problems', 'discharge', 'referral', 'crf', 'fncall'];

const csvCache = new Map<string, Record<string, string>[]>();
function csvRows(file: string): Record<string, string>[] {
  if (!csvCache.has(file)) {
    const [header, ...rows] = parseCsv(fs.readFileSync(path.join(SHARED, file), 'utf8'));
    csvCache.set(file, rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))));
  }
  return csvCache.get(file)!;
}

/** Merges the two PriMock57 TextGrid channels into "Doctor: …" / "Patient: …" turns by start time. */
function primockDialogue(name: string): string {
  const turns: { t: number; line: string }[] = [];
  for (const who of ['doctor', 'patient']) {
    const grid = fs.readFileSync(path.join(SHARED, `primock57/transcripts/${name}_${who}.TextGrid`), 'latin1');
    for (const m of grid.matchAll(/xmin = ([\d.]+)\s+xmax = [\d.]+\s+text = "((?:[^"]|"")*)"/g)) {
      const text = m[2]!.replace(/""/g, '"').replace(/<[^>]+>/g, '').trim();
      if (text) turns.push({ t: Number(m[1]), line: `${who === 'doctor' ? 'Doctor' : 'Patient'}: ${text}` });
    }
  }
  return turns.sort((a, b) => a.t - b.t).map((x) => x.line).join('\n');
}

/** Source ids: mts:<train|valid>:<ID>:<dialogue|note>, aci:<train|valid>:<D2N…>:<dialogue|note>,
 *  aci-sec:<train|valid>:<division>:<D2N…>, primock:<dayD_consultationNN>:<note|dialogue>. */
function resolve(src: string): { corpus: string; file: string; row: string; field: string; text: string } {
  const p = src.split(':');
  if (p[0] === 'mts') {
    const file = `mts-dialog/MTS-Dialog-${p[1] === 'train' ? 'TrainingSet' : 'ValidationSet'}.csv`;
    const row = csvRows(file).find((r) => r.ID === p[2]);
    if (!row) throw new Error(`no MTS row ${src}`);
    return { corpus: 'MTS-Dialog', file, row: p[2]!, field: p[3]!, text: p[3] === 'note' ? row.section_text! : row.dialogue! };
  }
  if (p[0] === 'aci') {
    const file = `aci-bench/challenge_data/${p[1]}.csv`;
    const row = csvRows(file).find((r) => r.encounter_id === p[2]);
    if (!row) throw new Error(`no ACI row ${src}`);
    return { corpus: 'ACI-BENCH', file, row: p[2]!, field: p[3]!, text: p[3] === 'note' ? row.note! : row.dialogue! };
  }
  if (p[0] === 'aci-sec') {
    const file = `aci-bench/challenge_data_sections/${p[1]}_${p[2]}.json`;
    const data = (JSON.parse(fs.readFileSync(path.join(SHARED, file), 'utf8')) as { data: { file: string; tgt: string }[] }).data;
    const row = data.find((d) => d.file.startsWith(`${p[3]}-`));
    if (!row) throw new Error(`no ACI section ${src}`);
    return { corpus: 'ACI-BENCH', file, row: row.file, field: 'tgt', text: row.tgt };
  }
  if (p[0] === 'primock') {
    if (p[2] === 'dialogue') return { corpus: 'PriMock57', file: `primock57/transcripts/${p[1]}_{doctor,patient}.TextGrid`, row: p[1]!, field: 'dialogue', text: primockDialogue(p[1]!) };
    const file = `primock57/notes/${p[1]}.json`;
    const note = (JSON.parse(fs.readFileSync(path.join(SHARED, file), 'utf8')) as { note: string }).note;
    return { corpus: 'PriMock57', file, row: p[1]!, field: 'note', text: note };
  }
  throw new Error(`unknown source ${src}`);
}

/** Cuts a text to the lines from the first containing `from` to the first after it containing `to`. */
function excerpt(text: string, from?: string, to?: string): string {
  const lines = text.split('\n');
  const a = from ? lines.findIndex((l) => l.includes(from)) : 0;
  if (a < 0) throw new Error(`excerpt start not found: ${from}`);
  const b = to ? lines.findIndex((l, i) => i >= a && l.includes(to)) : lines.length - 1;
  if (b < 0) throw new Error(`excerpt end not found: ${to}`);
  return lines.slice(a, b + 1).join('\n').trim();
}

const icdCodes = new Set(
  fs.readFileSync(path.join(SHARED, 'icd10cm/icd10cm_codes_2026.tsv'), 'utf8').split('\n').slice(1).flatMap((l) => {
    const [code, dotted] = l.split('\t');
    return code ? [code, dotted!] : [];
  }),
);

/** Every string under a key naming an ICD code must be a billable FY2026 code. */
function checkIcd(value: unknown, key: string, where: string): void {
  if (Array.isArray(value)) return value.forEach((v) => checkIcd(v, key, where));
  if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => checkIcd(v, k, where));
  if (typeof value === 'string' && /icd|^code$|dx_?code/i.test(key) && !icdCodes.has(value)) throw new Error(`${where}: ${value} is not a billable ICD-10-CM code`);
}

const heldoutOrder = (id: string) => crypto.createHash('sha256').update(id).digest('hex');


type BuiltCase = ReturnType<typeof buildCase>;

/** One case from its authoring entry: text resolved, gold checked, split taken from `frozen`. */
function buildCase(style: string, authored: Authored, c: Authored['cases'][number], frozen: Map<string, string>) {
  const id = `${style}-${c.id}`;
  const schema = authored.schemas[c.schema];
  if (!schema) throw new Error(`${id}: no schema ${c.schema}`);
  const src = resolve(c.src);
  const text = (c.text ?? excerpt(src.text.replace(/\r\n?/g, '\n'), c.from, c.to)).trim();
  const words = text.split(/\s+/).length;
  if (words > 2100) throw new Error(`${id}: text has ${words} words`);
  const validate = validatorFor(schema);
  if (!validate(c.gold)) throw new Error(`${id}: gold does not validate: ${JSON.stringify(validate.errors)}`);
  checkIcd(c.gold, '', id);
  const source = { corpus: src.corpus, file: src.file, row: src.row, field: src.field, ...(c.text ? { rewritten: true } : c.from || c.to ? { excerpt: true } : {}) };
  return { id, split: frozen.get(id) ?? '', source, style, schemaName: c.schema, text, schema, gold: c.gold };
}

/** Stratified by schema within the style: new cases join held-out (in hash order) until a
 *  third of each schema's cases (rounded) is held out; frozen cases keep their split. */
function assignSplits(cases: BuiltCase[]): void {
  for (const name of new Set(cases.map((c) => c.schemaName))) {
    const group = cases.filter((c) => c.schemaName === name);
    let held = group.filter((c) => c.split === 'heldout').length;
    const target = Math.round(group.length / 3);
    for (const c of group.filter((c) => !c.split).sort((a, b) => heldoutOrder(a.id).localeCompare(heldoutOrder(b.id)))) {
      c.split = held < target ? 'heldout' : 'dev';
      if (c.split === 'heldout') held++;
    }
  }
}

async function main() {
  let total = 0;
  for (const style of STYLES) {
    const file = path.join(here, 'authoring', `${style}.ts`);
    if (!fs.existsSync(file)) continue;
    const authored = (await import(file)).default as Authored;
    const outFile = path.join(here, `${style}.json`);
    const frozen = new Map<string, string>(
      fs.existsSync(outFile) ? (JSON.parse(fs.readFileSync(outFile, 'utf8')) as { id: string; split: string }[]).map((c) => [c.id, c.split]) : [],
    );
    const cases = authored.cases.map((c) => buildCase(style, authored, c, frozen));
    if (new Set(cases.map((c) => c.id)).size !== cases.length) throw new Error(`${style}: duplicate case ids`);
    assignSplits(cases);
    fs.writeFileSync(outFile, JSON.stringify(cases, null, 1) + '\n');
    console.log(`${style}: ${cases.length} cases (${cases.filter((c) => c.split === 'heldout').length} held out)`);
    total += cases.length;
  }
  console.log(`total ${total}`);
}

await main();
