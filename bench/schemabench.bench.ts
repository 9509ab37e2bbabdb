// JSONSchemaBench (development half): every schema through the text-to-JSON engine with a
// short clinical text, each answer judged by an independent validator of the schema's own
// draft. Prints a per-category table (valid %, refusals by reason, errors, p50/p99 ms),
// then latency with a 2 000-word text. Options: --sample N (N per category), --only
// <category>, --failures (print failing schema ids and the judge's message; no text).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extract } from '../src/engines/clinical/extraction/index.ts';
import { benchAvailable, clinicalTexts, loadBench, type Outcome, runOne, stratifiedSample } from './lib/schemabench.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

if (!benchAvailable()) {
  console.log('JSONSchemaBench data is not present (../shared/data/jsonschemabench); nothing to measure.');
  process.exit(0);
}

const all = loadBench();
const only = option('--only');
const sample = option('--sample');
let schemas = only ? all.filter((s) => s.category === only) : all;
if (sample) schemas = stratifiedSample(schemas, Number(sample));
const texts = clinicalTexts();

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

interface Row {
  count: number;
  valid: number;
  invalid: number;
  errors: number;
  refused: Map<string, number>;
  ms: number[];
  warm: number[];
}

const rows = new Map<string, Row>();
const failures: string[] = [];
const started = performance.now();
for (const s of schemas) {
  const outcome: Outcome = runOne(texts.short, s);
  const row: Row = rows.get(s.category) ?? { count: 0, valid: 0, invalid: 0, errors: 0, refused: new Map(), ms: [], warm: [] };
  rows.set(s.category, row);
  row.count++;
  row.ms.push(outcome.ms);
  if (outcome.kind === 'valid' && outcome.warmMs !== undefined) row.warm.push(outcome.warmMs);
  if (outcome.kind === 'valid') row.valid++;
  else if (outcome.kind === 'invalid') row.invalid++;
  else if (outcome.kind === 'error') row.errors++;
  else row.refused.set(outcome.reason, (row.refused.get(outcome.reason) ?? 0) + 1);
  if (outcome.kind !== 'valid') failures.push(`${s.id}\t${outcome.kind}\t${'why' in outcome ? outcome.why : 'reason' in outcome ? outcome.reason : ''}`);
}

const times = (sortedMs: number[]) => `${quantile(sortedMs, 0.5).toFixed(1)} | ${quantile(sortedMs, 0.99).toFixed(1)}`;
const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);
console.log(`\n${schemas.length} schemas in ${((performance.now() - started) / 1000).toFixed(1)} s (short text, ${texts.short.split(/\s+/).length} words)\n`);
console.log('Cold: the first request with a schema (compiles it). Warm: the same schema again (cached).\n');
console.log('| category | count | valid % | invalid | refused | errors | cold p50 ms | cold p99 ms | warm p50 ms | warm p99 ms |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const total: Row = { count: 0, valid: 0, invalid: 0, errors: 0, refused: new Map(), ms: [], warm: [] };
for (const [category, row] of [...rows.entries()].sort()) {
  const ms = [...row.ms].sort((a, b) => a - b);
  const warm = [...row.warm].sort((a, b) => a - b);
  const refused = [...row.refused.values()].reduce((a, b) => a + b, 0);
  console.log(`| ${category} | ${row.count} | ${pct(row.valid, row.count)} | ${row.invalid} | ${refused} | ${row.errors} | ${times(ms)} | ${times(warm)} |`);
  total.count += row.count;
  total.valid += row.valid;
  total.invalid += row.invalid;
  total.errors += row.errors;
  total.ms.push(...row.ms);
  total.warm.push(...row.warm);
  for (const [r, n] of row.refused) total.refused.set(r, (total.refused.get(r) ?? 0) + n);
}
const totalRefused = [...total.refused.values()].reduce((a, b) => a + b, 0);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
console.log(`| **all** | ${total.count} | ${pct(total.valid, total.count)} | ${total.invalid} | ${totalRefused} | ${total.errors} | ${times(sorted(total.ms))} | ${times(sorted(total.warm))} |`);
if (total.refused.size > 0) {
  console.log('\n| refusal reason | count |\n|---|---:|');
  for (const [r, n] of [...total.refused.entries()].sort((a, b) => b[1] - a[1])) console.log(`| ${r} | ${n} |`);
}

// Latency with a 2 000-word text: JSONSchemaBench schemas rarely name anything a clinical
// text says, so the clinical schemas of the extraction dev set are timed too (warm: the
// schema compiled once before), each 5 times.
const speedSet = stratifiedSample(schemas, 20, 11);
const longMs: number[] = [];
for (const s of speedSet) {
  const outcome = runOne(texts.long, s);
  if (outcome.kind === 'valid' && outcome.warmMs !== undefined) longMs.push(outcome.warmMs);
}
longMs.sort((a, b) => a - b);
const words = texts.long.split(/\s+/).length;
console.log(`\n${words}-word text, ${speedSet.length} JSONSchemaBench schemas (warm): p50 ${quantile(longMs, 0.5).toFixed(1)} ms, p99 ${quantile(longMs, 0.99).toFixed(1)} ms`);
const devSchemas = Object.values((JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'data/extraction-dev-set.json'), 'utf8')) as { schemas: Record<string, unknown> }).schemas);
const clinicalMs: number[] = [];
for (const schema of devSchemas) {
  extract(texts.long, schema);
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    extract(texts.long, schema);
    clinicalMs.push(performance.now() - t0);
  }
}
clinicalMs.sort((a, b) => a - b);
console.log(`${words}-word text, ${devSchemas.length} clinical dev-set schemas × 5 (warm): p50 ${quantile(clinicalMs, 0.5).toFixed(1)} ms, p99 ${quantile(clinicalMs, 0.99).toFixed(1)} ms`);

if (args.includes('--failures')) {
  console.log('\nfailures:');
  for (const f of failures) console.log(f);
}
