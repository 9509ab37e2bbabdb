// Guards the vital-signs phrasing set: shape, well-formed values, the position-based held-out
// rule, and the minimum counts (cases, traps, negatives, positives per split).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { malformedValues } from '../vitals-gold/load.ts';
import { STYLES, loadVitalsPhrasing } from './load.ts';

const cases = loadVitalsPhrasing();

test('vitals phrasing: unique ids, known styles, a reason on every case, short windows', () => {
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  for (const c of cases) {
    assert.ok((STYLES as readonly string[]).includes(c.style), c.id);
    assert.ok(c.reason.length >= 10, `${c.id} reason`);
    const turns = c.text.split('\n').length;
    assert.ok(c.text.length > 0 && turns >= 1 && turns <= 6, `${c.id} turns`);
  }
});

test('vitals phrasing: values are well formed and only of the six kinds', () => {
  assert.deepEqual(malformedValues(cases), []);
});

test('vitals phrasing: held out exactly when the 1-based position is a multiple of 3', () => {
  cases.forEach((c, i) => assert.equal(c.split, (i + 1) % 3 === 0 ? 'heldout' : 'dev', c.id));
});

test('vitals phrasing: at least 120 cases, a third of them traps, negatives and positives in each split', () => {
  assert.ok(cases.length >= 120, `${cases.length} cases`);
  const traps = cases.filter((c) => c.style === 'trap' || Object.keys(c.vitals).length === 0);
  assert.ok(traps.length * 3 >= cases.length, `${traps.length} traps`);
  for (const split of ['dev', 'heldout']) {
    const subset = cases.filter((c) => c.split === split);
    assert.ok(subset.some((c) => Object.keys(c.vitals).length > 0), `${split} positives`);
    assert.ok(subset.some((c) => Object.keys(c.vitals).length === 0), `${split} negatives`);
  }
});
