// Loads the team-written coding visit set: the transcripts (visits.json), their hand-written labels
// (labels.txt, the coding-gold line format) and the frozen split (1-based position divisible by 3 → held out).
import { readFileSync } from 'node:fs';
import { parseLine, type GoldCode, type Split } from '../coding-gold/build.ts';

export interface Visit { id: string; setting: string; turns: string[] }
export interface LabelledVisit extends Visit {
  position: number;
  split: Split;
  codes: GoldCode[];
  /** Set exactly when `codes` is empty. */
  noCodeReason?: string;
}

const HERE = new URL('./', import.meta.url);

export function loadVisits(): Visit[] {
  return (JSON.parse(readFileSync(new URL('visits.json', HERE), 'utf8')) as { visits: Visit[] }).visits;
}

/** Label lines by visit id; throws on a duplicate id. */
export function loadLabels(): Map<string, ReturnType<typeof parseLine>> {
  const lines = readFileSync(new URL('labels.txt', HERE), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const labels = new Map<string, ReturnType<typeof parseLine>>();
  for (const line of lines) {
    const parsed = parseLine(line);
    if (labels.has(parsed.id)) throw new Error(`duplicate label line ${parsed.id}`);
    labels.set(parsed.id, parsed);
  }
  return labels;
}

/** The held-out rule, fixed before labelling: 1-based position in visits.json divisible by 3. */
export const splitOf = (position: number): Split => (position % 3 === 0 ? 'heldout' : 'dev');

/** Every visit with its labels and split; throws when a visit has no label line. */
export function loadSet(): LabelledVisit[] {
  const labels = loadLabels();
  return loadVisits().map((v, i) => {
    const label = labels.get(v.id);
    if (!label) throw new Error(`visit ${v.id} has no label line`);
    const out: LabelledVisit = { ...v, position: i + 1, split: splitOf(i + 1), codes: label.codes };
    return label.noCodeReason === undefined ? out : { ...out, noCodeReason: label.noCodeReason };
  });
}

/** The text the coder is given: one turn a line. */
export const transcript = (v: Visit): string => v.turns.join('\n');
