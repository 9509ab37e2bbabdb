// JSONSchemaBench harness shared by the schemabench benchmark and its bounded test: loads
// the development half, runs one schema through the extraction engine in-process, and
// judges the answer with an independent validator of the schema's own draft (Ajv with
// JavaScript's own regex engine, not the engine's re2js one).
import fs from 'node:fs';
import path from 'node:path';
import { EngineError } from '../../src/engines/ports.ts';
import { extract } from '../../src/engines/clinical/extraction/index.ts';
import { newAjv, pickDraft } from '../../src/engines/clinical/extraction/schema-drafts.ts';
import { withoutMetaSchema, withoutIds } from '../../src/engines/clinical/extraction/schema-intake.ts';
import { parseCsv } from '../../scripts/lib/csv.ts';
import { sharedData } from '../../scripts/lib/shared-data.ts';

export const SHARED = sharedData();
export const BENCH_DIR = path.join(SHARED, 'jsonschemabench');

export interface BenchSchema {
  id: string;
  category: string;
  schema: unknown;
}

export function benchAvailable(): boolean {
  return fs.existsSync(BENCH_DIR);
}

export function loadBench(): BenchSchema[] {
  const out: BenchSchema[] = [];
  for (const file of fs.readdirSync(BENCH_DIR).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const line of fs.readFileSync(path.join(BENCH_DIR, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { id: string; schema: unknown };
      out.push({ id: row.id, category: row.id.split('/')[0], schema: row.schema });
    }
  }
  return out;
}

/** A few clinical sentences from the first ACI-bench note: the engine's usual input. */
export function clinicalTexts(): { short: string; long: string } {
  const rows = parseCsv(fs.readFileSync(path.join(SHARED, 'aci-bench/challenge_data/train.csv'), 'utf8'));
  const header = rows[0];
  const note = rows[1][header.indexOf('note')];
  const dialogues = rows.slice(1, 8).map((r) => r[header.indexOf('dialogue')]).join('\n');
  const words = (s: string, n: number) => s.split(/\s+/).slice(0, n).join(' ');
  return { short: words(note, 120), long: words(dialogues, 2000) };
}

export type Outcome =
  | { kind: 'valid'; ms: number; warmMs?: number }
  | { kind: 'invalid'; ms: number; why: string }
  | { kind: 'refused'; ms: number; reason: string }
  | { kind: 'error'; ms: number; why: string };

/** The independent judge: a fresh Ajv of the schema's draft, native regexes. */
export function judge(schema: unknown): ((v: unknown) => boolean) & { errorsText(): string } {
  const draft = pickDraft(schema).draft;
  let target = withoutMetaSchema(schema as object) as object;
  let ajv = newAjv(draft);
  let validate;
  try {
    validate = ajv.compile(target);
  } catch (error) {
    const message = (error as Error).message;
    // Two Ajv strictnesses real schemas trip: patterns valid in ECMA-262 but not under the
    // `u` flag (e.g. "\,"), and the same `id` repeated on unrelated subschemas.
    // And meta-schema nits Ajv can compile past (duplicate enum items): judged as written.
    if (/^schema is invalid/.test(message)) return judgeWith(newAjv(draft, undefined, { validateSchema: false }), target);
    if (/already exists/.test(message)) {
      const { $id: _i, id: _d, ...rest } = target as Record<string, unknown>; // calls itself by a meta-schema's URI
      return judgeWith(newAjv(draft), rest);
    }
    if (/resolves to more than one schema/.test(message)) target = withoutIds(target, 'repeated') as object;
    else if (/can't resolve reference/.test(message)) target = withoutIds(target, 'nested') as object;
    else if (!/Invalid regular expression/.test(message)) throw error;
    ajv = newAjv(draft, undefined, { unicodeRegExp: false });
    validate = ajv.compile(target);
  }
  return Object.assign((v: unknown) => validate(v) as boolean, { errorsText: () => ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 300) });
}

function judgeWith(ajv: ReturnType<typeof newAjv>, target: object): ReturnType<typeof judge> {
  const validate = ajv.compile(target);
  return Object.assign((v: unknown) => validate(v) as boolean, { errorsText: () => ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 300) });
}

export function runOne(text: string, s: BenchSchema): Outcome {
  const t0 = performance.now();
  let data: unknown;
  try {
    data = extract(text, s.schema).data;
  } catch (error) {
    const ms = performance.now() - t0;
    if (error instanceof EngineError) return { kind: 'refused', ms, reason: reasonOf(error.message) };
    return { kind: 'error', ms, why: error instanceof Error ? `${error.constructor.name}: ${error.message.slice(0, 200)}` : String(error) };
  }
  const ms = performance.now() - t0;
  // Again with the compiled schema cached, as a caller re-sending its schema sees it.
  const t1 = performance.now();
  extract(text, s.schema);
  const warmMs = performance.now() - t1;
  let check: ReturnType<typeof judge>;
  try {
    check = judge(s.schema);
  } catch (error) {
    return { kind: 'error', ms, why: `judge cannot compile: ${(error as Error).message.slice(0, 200)}` };
  }
  return check(data) ? { kind: 'valid', ms, warmMs } : { kind: 'invalid', ms, why: check.errorsText() };
}

/** A refusal's class: its message without the schema locations and numbers. */
function reasonOf(message: string): string {
  return message.replace(/#[^\s)]*/g, '#…').replace(/\d+/g, 'N').slice(0, 80);
}

/** A deterministic stratified sample: `perCategory` schemas from each category. */
export function stratifiedSample(all: BenchSchema[], perCategory: number, seed = 7): BenchSchema[] {
  const byCategory = new Map<string, BenchSchema[]>();
  for (const s of all) byCategory.set(s.category, [...(byCategory.get(s.category) ?? []), s]);
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: BenchSchema[] = [];
  for (const list of byCategory.values()) {
    const shuffled = list.map((s) => ({ s, k: next() })).sort((a, b) => a.k - b.k).map((x) => x.s);
    out.push(...shuffled.slice(0, perCategory));
  }
  return out;
}
