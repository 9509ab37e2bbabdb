// Scoring of predicted ICD-10-CM codes against gold codes: micro precision/recall/F1 at full-code
// and 3-character category level, and a coarse sorting of the errors into failure classes.

export interface Tally { tp: number; fp: number; fn: number }
export interface Prf { precision: number; recall: number; f1: number }

/** One encounter's gold and predicted codes (dotted ICD-10-CM, e.g. "E11.65"). */
export interface Scored { gold: string[]; pred: string[] }

export const fullCode = (code: string): string => code;
export const category = (code: string): string => code.slice(0, 3);

/** Counts over sets, so a code predicted twice (two mentions) counts once, as a coder lists it once. */
export function tally(items: Scored[], key: (code: string) => string = fullCode): Tally {
  const t: Tally = { tp: 0, fp: 0, fn: 0 };
  for (const { gold, pred } of items) {
    const g = new Set(gold.map(key));
    const p = new Set(pred.map(key));
    for (const c of p) (g.has(c) ? t.tp++ : t.fp++);
    for (const c of g) if (!p.has(c)) t.fn++;
  }
  return t;
}

export function prf({ tp, fp, fn }: Tally): Prf {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Column heads for scoreRow: micro P/R/F1 at full code and 3-character category. */
export const SCORE_HEADER =
  '| input | encounters | gold codes | P % | R % | F1 % | category P % | category R % | category F1 % |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |';

/** One markdown table row under SCORE_HEADER for a group of scored encounters. */
export function scoreRow(label: string, items: Scored[]): string {
  const pct = (x: number): string => (x * 100).toFixed(1);
  const f = prf(tally(items, fullCode));
  const c = prf(tally(items, category));
  const gold = items.reduce((n, r) => n + new Set(r.gold).size, 0);
  return `| ${label} | ${items.length} | ${gold} | ${pct(f.precision)} | ${pct(f.recall)} | ${pct(f.f1)} | ${pct(c.precision)} | ${pct(c.recall)} | ${pct(c.f1)} |`;
}

/** The value at a percentile of a sample (nearest rank, p in 0–100); NaN for an empty sample. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Failure classes, counted per code. A wrong code in the right category is a specificity error
 * (one per gold code, not also a miss and a spurious code); the rest split by whether the code is a
 * sign/symptom (chapter R), a Z code, or a disease/injury code, because each points at a different
 * part of the engine (certainty, encounter reasons, finding the problem at all).
 */
export type FailureClass =
  | 'right category, wrong specificity'
  | 'missed: symptom code (R)'
  | 'missed: Z code'
  | 'missed: diagnosis'
  | 'extra: symptom code (R)'
  | 'extra: Z code'
  | 'extra: diagnosis';

export function failureClasses(items: Scored[]): Map<FailureClass, number> {
  const counts = new Map<FailureClass, number>();
  const add = (c: FailureClass): void => void counts.set(c, (counts.get(c) ?? 0) + 1);
  const kind = (code: string): 'symptom code (R)' | 'Z code' | 'diagnosis' =>
    code.startsWith('R') ? 'symptom code (R)' : code.startsWith('Z') ? 'Z code' : 'diagnosis';
  for (const { gold, pred } of items) {
    const g = new Set(gold);
    const p = new Set(pred);
    const missed = [...g].filter((c) => !p.has(c));
    const extra = [...p].filter((c) => !g.has(c));
    const usedExtra = new Set<string>();
    for (const m of missed) {
      const near = extra.find((x) => !usedExtra.has(x) && category(x) === category(m));
      if (near) {
        usedExtra.add(near);
        add('right category, wrong specificity');
      } else add(`missed: ${kind(m)}`);
    }
    for (const x of extra) if (!usedExtra.has(x)) add(`extra: ${kind(x)}`);
  }
  return counts;
}

/**
 * A 95 % interval for micro F1 by the percentile bootstrap over encounters: `rounds` resamples of
 * the encounters with replacement, each tallied as a whole. Held-out sets are small (13 PriMock57
 * encounters), so a table of point figures alone invites reading noise as change. Seeded, so the
 * bench prints the same interval for the same predictions.
 */
export function bootstrapF1(items: Scored[], key: (code: string) => string = fullCode, rounds = 1000, seed = 18): { low: number; high: number } {
  if (items.length === 0) return { low: NaN, high: NaN };
  const random = mulberry32(seed);
  const f1s: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const sample = Array.from({ length: items.length }, () => items[Math.floor(random() * items.length)]!);
    f1s.push(prf(tally(sample, key)).f1);
  }
  return { low: percentile(f1s, 2.5), high: percentile(f1s, 97.5) };
}

/** A small seeded generator (mulberry32): the bootstrap must repeat, and Math.random cannot be seeded. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Column heads for intervalRow. */
export const INTERVAL_HEADER = '| input | encounters | F1 % | F1 95 % interval | category F1 % | category 95 % interval |\n| --- | --- | --- | --- | --- | --- |';

/** One row under INTERVAL_HEADER: point F1 and its bootstrap interval, full code and category. */
export function intervalRow(label: string, items: Scored[]): string {
  const pct = (x: number): string => (x * 100).toFixed(1);
  const range = (r: { low: number; high: number }): string => `${pct(r.low)}–${pct(r.high)}`;
  return `| ${label} | ${items.length} | ${pct(prf(tally(items)).f1)} | ${range(bootstrapF1(items))} | ${pct(prf(tally(items, category)).f1)} | ${range(bootstrapF1(items, category))} |`;
}
