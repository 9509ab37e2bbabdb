// The checks every team-written vital-signs phrasing set holds to, registered as node:test tests:
// unique ids, a known setting and a reason on every case, a bounded number of turns, well-formed
// values, the position-based held-out rule, and minimum counts per split.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { malformedValues } from '../data/vitals-gold/load.ts';

export interface PhrasingCase {
  id: string;
  split: 'dev' | 'heldout';
  text: string;
  vitals: Partial<Record<string, string>>;
  reason: string;
  /** The set's grouping of a case (setting or style). */
  group: string;
  /** A window holding a number that must not be read; a case without vitals counts as hard too. */
  trap: boolean;
}

export interface PhrasingSetRules {
  name: string;
  groups: readonly string[];
  turns: [min: number, max: number];
  /** Every line is an ACI-bench speaker line ("[doctor] …"). */
  speakerLines?: boolean;
  /** Share of cases that are traps or negatives, at least, as [numerator, denominator]. */
  hardShare: [number, number];
  /** Every group is used at least once. */
  everyGroup?: boolean;
}

const SPEAKER_LINE = /^\[(doctor|patient|patient_guest)\] \S/;
const isNegative = (c: PhrasingCase): boolean => Object.keys(c.vitals).length === 0;

export function checkPhrasingSet(cases: readonly PhrasingCase[], rules: PhrasingSetRules): void {
  const { name, groups, turns: [min, max] } = rules;
  test(`${name}: unique ids, known groups, a reason on every case, ${min}-${max} turns`, () => {
    assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
    for (const c of cases) {
      assert.ok(groups.includes(c.group), c.id);
      assert.ok(c.reason.length >= 10, `${c.id} reason`);
      const lines = c.text.split('\n');
      assert.ok(c.text.length > 0 && lines.length >= min && lines.length <= max, `${c.id} turns`);
      if (rules.speakerLines) for (const line of lines) assert.match(line, SPEAKER_LINE, c.id);
    }
  });

  test(`${name}: values are well formed and only of the six kinds`, () => {
    assert.deepEqual(malformedValues(cases), []);
  });

  test(`${name}: held out exactly when the 1-based position is a multiple of 3`, () => {
    cases.forEach((c, i) => assert.equal(c.split, (i + 1) % 3 === 0 ? 'heldout' : 'dev', c.id));
  });

  test(`${name}: at least 120 cases, enough traps or negatives, negatives and positives in each split`, () => {
    assert.ok(cases.length >= 120, `${cases.length} cases`);
    const hard = cases.filter((c) => c.trap || isNegative(c));
    const [num, den] = rules.hardShare;
    assert.ok(hard.length * den >= cases.length * num, `${hard.length} traps or negatives`);
    if (rules.everyGroup) for (const group of groups) assert.ok(cases.some((c) => c.group === group), group);
    for (const split of ['dev', 'heldout']) {
      const subset = cases.filter((c) => c.split === split);
      assert.ok(subset.some((c) => !isNegative(c)), `${split} positives`);
      assert.ok(subset.some(isNegative), `${split} negatives`);
    }
  });
}
