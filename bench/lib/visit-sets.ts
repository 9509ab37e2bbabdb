// The team-written coding visit sets (bench/data/<set>/visits.json + labels.txt): which sets there are,
// each one's split rule (fixed before its labels were written), and one loader for all of them.
import { readFileSync } from 'node:fs';
import { parseLine, type GoldCode } from '../data/coding-gold/build.ts';

/** dev: failures may be read; check: aggregate score only (the keep/drop gate); heldout: reported at the end. */
export type SetSplit = 'dev' | 'check' | 'heldout';

export interface Visit { id: string; setting: string; turns: string[] }
export interface LabelledVisit extends Visit {
  position: number;
  split: SetSplit;
  codes: GoldCode[];
  /** Set exactly when `codes` is empty. */
  noCodeReason?: string;
}

/** By 1-based position: the first set held out every third visit; later sets also keep a check third. */
export const twoWay = (position: number): SetSplit => (position % 3 === 0 ? 'heldout' : 'dev');
export const threeWay = (position: number): SetSplit => (position % 3 === 0 ? 'heldout' : position % 3 === 1 ? 'dev' : 'check');

export interface VisitSetSpec { name: string; splitOf: (position: number) => SetSplit; turns: { min: number; max: number } }

export const VISIT_SETS: readonly VisitSetSpec[] = [
  { name: 'coding-visits', splitOf: twoWay, turns: { min: 12, max: 40 } },
  { name: 'coding-clinic', splitOf: threeWay, turns: { min: 12, max: 40 } },
  { name: 'coding-consults', splitOf: threeWay, turns: { min: 12, max: 60 } },
  { name: 'coding-snippets', splitOf: threeWay, turns: { min: 4, max: 20 } },
  { name: 'coding-gp', splitOf: threeWay, turns: { min: 20, max: 60 } },
];

export function visitSet(name: string): VisitSetSpec {
  const spec = VISIT_SETS.find((s) => s.name === name);
  if (!spec) throw new Error(`unknown visit set ${name}`);
  return spec;
}

const fileOf = (spec: VisitSetSpec, file: string): URL => new URL(`../data/${spec.name}/${file}`, import.meta.url);

export function loadVisits(spec: VisitSetSpec): Visit[] {
  return (JSON.parse(readFileSync(fileOf(spec, 'visits.json'), 'utf8')) as { visits: Visit[] }).visits;
}

/** Label lines by visit id; throws on a duplicate id. */
export function loadLabels(spec: VisitSetSpec): Map<string, ReturnType<typeof parseLine>> {
  const lines = readFileSync(fileOf(spec, 'labels.txt'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const labels = new Map<string, ReturnType<typeof parseLine>>();
  for (const line of lines) {
    const parsed = parseLine(line);
    if (labels.has(parsed.id)) throw new Error(`duplicate label line ${parsed.id}`);
    labels.set(parsed.id, parsed);
  }
  return labels;
}

/** Every visit with its labels and split; throws when a visit has no label line. */
export function loadSet(spec: VisitSetSpec): LabelledVisit[] {
  const labels = loadLabels(spec);
  return loadVisits(spec).map((v, i) => {
    const label = labels.get(v.id);
    if (!label) throw new Error(`visit ${v.id} has no label line`);
    const out: LabelledVisit = { ...v, position: i + 1, split: spec.splitOf(i + 1), codes: label.codes };
    return label.noCodeReason === undefined ? out : { ...out, noCodeReason: label.noCodeReason };
  });
}

/** The text the coder is given: one turn a line. */
export const transcript = (v: Visit): string => v.turns.join('\n');
