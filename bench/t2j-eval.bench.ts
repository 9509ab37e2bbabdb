// Text-to-JSON on the hand-labelled evaluation set (bench/data/text-to-json-eval): field
// accuracy, precision, recall, schema validity and latency of the embedded engine, per split
// and per style, and the failure classes on the development split. Prints numbers only;
// `--dev-failures` also lists each wrong development-split leaf (never a held-out one).
import { compileSchema, extract } from '../src/engines/clinical/extraction/index.ts';
import { loadEvalSet, validatorFor, type EvalCase } from './data/text-to-json-eval/load.ts';
import { addCounts, emptyCounts, metrics, scoreLeaves, type Counts, type Leaf } from './lib/t2j-score.ts';

const RUNS = Number(process.env.BENCH_T2J_RUNS ?? 5);
const showDevFailures = process.argv.includes('--dev-failures');

interface Result {
  c: EvalCase;
  leaves: Leaf[];
  valid: boolean;
  refused: boolean;
  errored: boolean;
  ms: number[];
}

/** Runs the engine on one case: a warm-up, then RUNS timed calls; the last answer is scored. */
function runCase(c: EvalCase): Result {
  const out: Result = { c, leaves: [], valid: false, refused: false, errored: false, ms: [] };
  const compiled = compileSchema(c.schema);
  let answer: unknown;
  if (!compiled.ok) out.refused = true;
  else {
    try {
      extract(c.text, c.schema);
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        answer = extract(c.text, c.schema).data;
        out.ms.push(performance.now() - t0);
      }
      out.valid = validatorFor(c.schema)(answer);
    } catch {
      out.errored = true;
      answer = undefined;
    }
  }
  out.leaves = scoreLeaves(c.gold, answer, c.schema);
  return out;
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number) => (100 * x).toFixed(1);

function row(label: string, rs: Result[]): string {
  const counts = rs.reduce<Counts>((acc, r) => addCounts(acc, r.leaves), emptyCounts());
  const m = metrics(counts);
  const ms = rs.flatMap((r) => r.ms);
  const valid = rs.filter((r) => r.valid).length;
  return `| ${label} | ${rs.length} | ${counts.goldLeaves} | ${f(m.fieldAccuracy)} % | ${f(m.precision)} % | ${f(m.recall)} % | ${f(valid / Math.max(1, rs.length))} % | ${pct(ms, 50).toFixed(2)} | ${pct(ms, 99).toFixed(2)} |`;
}

function table(title: string, groups: [string, Result[]][]): void {
  console.log(`\n${title}\n`);
  console.log('| set | cases | gold fields | field accuracy | precision | recall | valid | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label, rs] of groups) if (rs.length) console.log(row(label, rs));
}

/** Wrong leaves on the development split by what went wrong and what kind of field it was. */
function failureTable(dev: Result[]): void {
  const classes = new Map<string, { leaves: number; cases: Set<string> }>();
  for (const r of dev) {
    for (const l of r.leaves.filter((x) => !x.right)) {
      const blankGold = l.gold === null || (Array.isArray(l.gold) && l.gold.length === 0);
      const blankAnswer = l.answer === undefined || l.answer === null || l.answer === '' || (Array.isArray(l.answer) && l.answer.length === 0);
      const what = l.kind === 'extra item' ? 'extra list item field' : blankGold ? 'answered where gold is empty' : blankAnswer ? 'missed' : 'wrong value';
      const key = `${what} | ${l.kind}`;
      const entry = classes.get(key) ?? { leaves: 0, cases: new Set<string>() };
      entry.leaves++;
      entry.cases.add(r.c.id);
      classes.set(key, entry);
    }
  }
  console.log('\nDevelopment-split failures by class\n');
  console.log('| failure | field kind | wrong leaves | cases |');
  console.log('|---|---|---|---|');
  for (const [key, v] of [...classes].sort((a, b) => b[1].leaves - a[1].leaves)) console.log(`| ${key} | ${v.leaves} | ${v.cases.size} |`);
}

const results = loadEvalSet().map(runCase);
const dev = results.filter((r) => r.c.split === 'dev');
const held = results.filter((r) => r.c.split === 'heldout');
const styles = [...new Set(results.map((r) => r.c.style))];

console.log(`Text-to-JSON evaluation set: ${results.length} cases (${dev.length} dev, ${held.length} held out), ${RUNS} timed runs per case`);
console.log(`refused by schema intake: ${results.filter((r) => r.refused).length}; engine errors: ${results.filter((r) => r.errored).length}`);
table('By split', [['dev', dev], ['held-out', held], ['all', results]]);
table('Development split by style', styles.map((s) => [s, dev.filter((r) => r.c.style === s)]));
table('Held-out split by style', styles.map((s) => [s, held.filter((r) => r.c.style === s)]));
failureTable(dev);

if (showDevFailures) {
  for (const r of dev) {
    for (const l of r.leaves.filter((x) => !x.right)) console.error(`${r.c.id}\t${l.kind}\t${l.path}\tgold=${JSON.stringify(l.gold)}\tanswer=${JSON.stringify(l.answer)}`);
  }
}
