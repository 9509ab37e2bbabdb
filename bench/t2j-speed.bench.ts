// Text-to-JSON latency on a 2 000-word text (issue #15 item 5): the development split's
// texts joined until they reach 2 000 words, extracted against every distinct schema of the
// evaluation set, after one warm-up call per schema. Prints numbers only.
import { extract } from '../src/engines/clinical/extraction/index.ts';
import { loadEvalSet } from './data/text-to-json-eval/load.ts';

const RUNS = Number(process.env.BENCH_T2J_SPEED_RUNS ?? 10);
const WORDS = 2000;

const cases = loadEvalSet().filter((c) => c.split === 'dev');
const parts: string[] = [];
let words = 0;
for (const c of cases) {
  if (words >= WORDS) break;
  const n = c.text.split(/\s+/).filter(Boolean).length;
  parts.push(c.text);
  words += n;
}
const text = parts.join('\n\n');
const schemas = [...new Map(cases.map((c) => [JSON.stringify(c.schema), c.schema])).values()];

const ms: number[] = [];
const perSchema: number[] = [];
for (const schema of schemas) {
  extract(text, schema);
  const mine: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    extract(text, schema);
    mine.push(performance.now() - t0);
  }
  ms.push(...mine);
  perSchema.push(mine.reduce((a, b) => a + b, 0) / mine.length);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
console.log(`\nText-to-JSON on a ${words}-word text: ${schemas.length} schemas × ${RUNS} runs\n`);
console.log('| text | schemas | calls | p50 ms | p99 ms | slowest schema (mean) ms |');
console.log('|---|---|---|---|---|---|');
console.log(`| ${words} words | ${schemas.length} | ${ms.length} | ${pct(ms, 50).toFixed(2)} | ${pct(ms, 99).toFixed(2)} | ${Math.max(...perSchema).toFixed(2)} |`);
