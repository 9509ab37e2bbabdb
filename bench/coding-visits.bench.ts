// Coding benchmark on the team-written visit sets (bench/lib/visit-sets.ts): the coder is called as
// bench/coding-gold.bench.ts calls it, and scored with the same micro P/R/F1 at full code and
// 3-character category, per set and split; span exactness and latency.
// Check and held-out visits are printed as aggregate rows only; `--detail` lists dev visits only
// (gold vs predicted). `--set NAME` runs one set.
import { codeText } from '../src/engines/clinical/coding/index.ts';
import { codeTimed } from './lib/coding-run.ts';
import { loadSet, transcript, VISIT_SETS, type LabelledVisit, type SetSplit } from './lib/visit-sets.ts';
import { failureClasses, INTERVAL_HEADER, intervalRow, percentile, SCORE_HEADER, scoreRow, type Scored } from './lib/coding-score.ts';

interface Run extends Scored { set: string; visit: LabelledVisit }

const only = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1] : undefined;
const sets = VISIT_SETS.filter((s) => !only || s.name === only);
if (sets.length === 0) throw new Error(`--set is one of ${VISIT_SETS.map((s) => s.name).join(', ')}`);

codeText('warm up: hypertension'); // lexicon load is start-up cost, not per-visit latency
const runs: Run[] = [];
const times: number[] = [];
let spans = 0, exact = 0;
for (const spec of sets) {
  for (const visit of loadSet(spec)) {
    const run = codeTimed(transcript(visit), times);
    spans += run.spans;
    exact += run.exact;
    runs.push({ set: spec.name, visit, gold: visit.codes.map((c) => c.code), pred: run.pred });
  }
}
const inSplit = (items: Run[], split: SetSplit): Run[] => items.filter((r) => r.visit.split === split);

console.log('\n### ICD-10-CM coding visit sets (team-written), development visits\n');
console.log(SCORE_HEADER);
for (const spec of sets) {
  const dev = inSplit(runs.filter((r) => r.set === spec.name), 'dev');
  console.log(scoreRow(`**${spec.name}** (dev)`, dev));
  for (const setting of [...new Set(dev.map((r) => r.visit.setting))].sort()) {
    console.log(scoreRow(`${spec.name} · ${setting}`, dev.filter((r) => r.visit.setting === setting)));
  }
}

// Check (the keep/drop gate) and held out: aggregate rows only, so their visits stay unread.
for (const split of ['check', 'heldout'] as const) {
  const rows = sets.map((s) => ({ name: s.name, items: inSplit(runs.filter((r) => r.set === s.name), split) })).filter((x) => x.items.length);
  if (rows.length === 0) continue;
  console.log(`\n### ICD-10-CM coding visit sets (team-written), ${split === 'check' ? 'check (validation)' : 'held-out'} visits\n`);
  console.log(SCORE_HEADER);
  for (const { name, items } of rows) console.log(scoreRow(`**${name}** (${split})`, items));
  if (rows.length > 1) console.log(scoreRow(`**all sets** (${split})`, rows.flatMap((x) => x.items)));
}

const held = inSplit(runs, 'heldout');
if (held.length > 0) {
  console.log('\n### Held-out F1 with 95 % bootstrap intervals (1,000 resamples of visits)\n');
  console.log(INTERVAL_HEADER);
  for (const spec of sets) {
    const items = held.filter((r) => r.set === spec.name);
    if (items.length > 0) console.log(intervalRow(`**${spec.name}**`, items));
  }
  if (sets.length > 1) console.log(intervalRow('**all sets**', held));
}

console.log('\n| measure | value |\n| --- | --- |');
console.log(`| span exactness | ${exact}/${spans} (${((exact / Math.max(1, spans)) * 100).toFixed(1)} %) |`);
console.log(`| latency p50 / p99 (${times.length} runs) | ${percentile(times, 50).toFixed(2)} / ${percentile(times, 99).toFixed(2)} ms |`);

const dev = inSplit(runs, 'dev');
console.log('\n### Failure classes, development visits only\n\n| class | codes |\n| --- | --- |');
for (const [cls, n] of [...failureClasses(dev)].sort((a, b) => b[1] - a[1])) console.log(`| ${cls} | ${n} |`);

if (process.argv.includes('--detail')) {
  console.log('\n| visit | setting | gold | predicted |\n| --- | --- | --- | --- |');
  for (const r of dev) console.log(`| ${r.visit.id} | ${r.visit.setting} | ${r.gold.join(' ') || '—'} | ${[...new Set(r.pred)].join(' ') || '—'} |`);
}
