// Scores the visit reader's vital signs against hand-labelled cases and prints one P/R/F1 table
// per split (dev, held out); shared by the vitals-gold and the three vitals-phrasing benches. With
// `--detail`, lists each DEV case the reader gets wrong (index, gold, predicted); held-out cases never.
import { readVisit } from '../../src/engines/clinical/visit/index.ts';
import { KINDS, type VitalKind } from '../data/vitals-gold/load.ts';

/** What the scorer needs of a case: its split, its text and its gold values per kind. */
export interface ScoredVitalsCase {
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<VitalKind, string>>;
}

interface Count { gold: number; predicted: number; correct: number }

const numbers = (value: string): string => (value.match(/\d+(?:\.\d+)?/g) ?? []).map(Number).join('/');

/** The visit-level reading the SOAP note uses: today's value per kind, after ranking. */
function predicted(text: string): Partial<Record<VitalKind, string>> {
  const out: Partial<Record<VitalKind, string>> = {};
  for (const v of readVisit(text).vitals) out[v.kind] = v.value;
  return out;
}

function score(cases: ScoredVitalsCase[]): { perKind: Map<VitalKind, Count>; negativesWithReading: number } {
  const perKind = new Map<VitalKind, Count>(KINDS.map((k) => [k, { gold: 0, predicted: 0, correct: 0 }]));
  let negativesWithReading = 0;
  for (const c of cases) {
    const pred = predicted(c.text);
    if (Object.keys(c.vitals).length === 0 && Object.keys(pred).length > 0) negativesWithReading++;
    for (const kind of KINDS) {
      const count = perKind.get(kind)!;
      const g = c.vitals[kind];
      const p = pred[kind];
      if (g) count.gold++;
      if (p) count.predicted++;
      if (g && p && numbers(g) === numbers(p)) count.correct++;
    }
  }
  return { perKind, negativesWithReading };
}

const pct = (n: number, d: number): string => (d === 0 ? '—' : ((100 * n) / d).toFixed(1));
function row(label: string, c: Count): string {
  const p = c.predicted ? c.correct / c.predicted : 0;
  const r = c.gold ? c.correct / c.gold : 0;
  const f1 = c.predicted && c.gold && p + r > 0 ? ((200 * p * r) / (p + r)).toFixed(1) : '—';
  return `| ${label} | ${c.gold} | ${c.predicted} | ${c.correct} | ${pct(c.correct, c.predicted)} | ${pct(c.correct, c.gold)} | ${f1} |`;
}

/** The dev cases whose prediction differs from gold, one line each: position among all cases, missed and extra values. */
function printDevDiffs(title: string, cases: ScoredVitalsCase[]): void {
  const lines: string[] = [];
  cases.forEach((c, i) => {
    if (c.split !== 'dev') return;
    const pred = predicted(c.text);
    const missed = KINDS.filter((k) => c.vitals[k] && !(pred[k] && numbers(pred[k]!) === numbers(c.vitals[k]!))).map((k) => `${k}=${c.vitals[k]}`);
    const extra = KINDS.filter((k) => pred[k] && !(c.vitals[k] && numbers(pred[k]!) === numbers(c.vitals[k]!))).map((k) => `${k}=${pred[k]}`);
    if (missed.length || extra.length) lines.push(`- dev case #${i + 1}: missed ${missed.join(' ') || '-'}; extra ${extra.join(' ') || '-'}`);
  });
  console.log(`\n${title}, dev cases wrong: ${lines.length}\n${lines.join('\n')}`);
}

/** Prints the dev and held-out tables (numbers only, never text or ids) under `title`. */
export function printVitalsTables(title: string, cases: ScoredVitalsCase[]): void {
  if (process.argv.includes('--detail')) printDevDiffs(title, cases);
  for (const split of ['dev', 'heldout'] as const) {
    const subset = cases.filter((c) => c.split === split);
    const { perKind, negativesWithReading } = score(subset);
    const negatives = subset.filter((c) => Object.keys(c.vitals).length === 0).length;
    console.log(`\n### ${title}, ${split === 'dev' ? 'development' : 'held-out'} cases (${subset.length}, ${negatives} negatives)\n`);
    console.log('| kind | gold | predicted | correct | P % | R % | F1 % |\n| --- | --- | --- | --- | --- | --- | --- |');
    const total: Count = { gold: 0, predicted: 0, correct: 0 };
    for (const kind of KINDS) {
      const c = perKind.get(kind)!;
      console.log(row(kind, c));
      total.gold += c.gold;
      total.predicted += c.predicted;
      total.correct += c.correct;
    }
    console.log(row('**overall**', total));
    console.log(`\nnegative cases with any reading: ${negativesWithReading}/${negatives}`);
  }
}
