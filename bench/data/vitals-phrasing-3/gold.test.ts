// Guards the third vital-signs phrasing set: shape, ACI-bench speaker lines, well-formed values,
// the position-based held-out rule, and the minimum counts (cases, traps or negatives, positives per split).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { malformedValues } from '../vitals-gold/load.ts';
import { SETTINGS, loadVitalsPhrasing3 } from './load.ts';

const cases = loadVitalsPhrasing3();
const isNegative = (c: { vitals: object }): boolean => Object.keys(c.vitals).length === 0;
const SPEAKER_LINE = /^\[(doctor|patient|patient_guest)\] \S/;

test('vitals phrasing 3: unique ids, known settings, a reason on every case, 2-12 speaker-labelled turns', () => {
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  for (const c of cases) {
    assert.ok((SETTINGS as readonly string[]).includes(c.setting), c.id);
    assert.equal(typeof c.trap, 'boolean', `${c.id} trap`);
    assert.ok(c.reason.length >= 10, `${c.id} reason`);
    const lines = c.text.split('\n');
    assert.ok(lines.length >= 2 && lines.length <= 12, `${c.id} turns`);
    for (const line of lines) assert.match(line, SPEAKER_LINE, c.id);
  }
});

test('vitals phrasing 3: values are well formed and only of the six kinds', () => {
  assert.deepEqual(malformedValues(cases), []);
});

test('vitals phrasing 3: held out exactly when the 1-based position is a multiple of 3', () => {
  cases.forEach((c, i) => assert.equal(c.split, (i + 1) % 3 === 0 ? 'heldout' : 'dev', c.id));
});

test('vitals phrasing 3: at least 120 cases, 40 % traps or negatives, every setting, both kinds in each split', () => {
  assert.ok(cases.length >= 120, `${cases.length} cases`);
  const hard = cases.filter((c) => c.trap || isNegative(c));
  assert.ok(hard.length * 10 >= cases.length * 4, `${hard.length} traps or negatives`);
  for (const setting of SETTINGS) assert.ok(cases.some((c) => c.setting === setting), setting);
  for (const split of ['dev', 'heldout']) {
    const subset = cases.filter((c) => c.split === split);
    assert.ok(subset.some((c) => !isNegative(c)), `${split} positives`);
    assert.ok(subset.some(isNegative), `${split} negatives`);
  }
});
