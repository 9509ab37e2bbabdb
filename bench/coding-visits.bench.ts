// Coding benchmark on the team-written visit set (bench/data/coding-visits): the coder is called as
// bench/coding-gold.bench.ts calls it, and scored with the same micro P/R/F1 at full code and
// 3-character category, dev and held out (position divisible by 3); span exactness and latency.
// Held out is printed as one aggregate row; `--detail` lists dev visits only (gold vs predicted).
import { codeText } from '../src/engines/clinical/coding/index.ts';
import { codeTimed } from './lib/coding-run.ts';
import { loadSet, transcript, type LabelledVisit } from './data/coding-visits/set.ts';
import { failureClasses, percentile, SCORE_HEADER, scoreRow, type Scored } from './lib/coding-score.ts';


interface Run extends Scored { visit: LabelledVisit }

codeText('warm up: hypertension'); // lexicon load is start-up cost, not per-visit latency
const runs: Run[] = [];
const times: number[] = [];
let spans = 0, exact = 0;
for (const visit of loadSet()) {
  const text = transcript(visit);
  const run = codeTimed(text, times);
  spans += run.spans;
  exact += run.exact;
  runs.push({ visit, gold: visit.codes.map((c) => c.code), pred: run.pred });
}

const dev = runs.filter((r) => r.visit.split === 'dev');
const held = runs.filter((r) => r.visit.split === 'heldout');

console.log('\n### ICD-10-CM coding visits (team-written), development visits\n');
console.log(SCORE_HEADER);
console.log(scoreRow('**overall** (dev)', dev));
for (const setting of [...new Set(dev.map((r) => r.visit.setting))].sort()) {
  console.log(scoreRow(setting, dev.filter((r) => r.visit.setting === setting)));
}

// Held out: the aggregate row only; per-setting groups there are one or two visits each.
console.log('\n### ICD-10-CM coding visits (team-written), held-out visits\n');
console.log(SCORE_HEADER);
console.log(scoreRow('**overall** (held out)', held));

console.log('\n| measure | value |\n| --- | --- |');
console.log(`| span exactness | ${exact}/${spans} (${((exact / Math.max(1, spans)) * 100).toFixed(1)} %) |`);
console.log(`| latency p50 / p99 (${times.length} runs) | ${percentile(times, 50).toFixed(2)} / ${percentile(times, 99).toFixed(2)} ms |`);

console.log('\n### Failure classes, development visits only\n\n| class | codes |\n| --- | --- |');
for (const [cls, n] of [...failureClasses(dev)].sort((a, b) => b[1] - a[1])) console.log(`| ${cls} | ${n} |`);

if (process.argv.includes('--detail')) {
  console.log('\n| visit | setting | gold | predicted |\n| --- | --- | --- | --- |');
  for (const r of dev) console.log(`| ${r.visit.id} | ${r.visit.setting} | ${r.gold.join(' ') || '—'} | ${[...new Set(r.pred)].join(' ') || '—'} |`);
}
