// Tests for the coding scorer: set-based tallies, category level, percentiles, failure classes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bootstrapF1, category, failureClasses, intervalRow, percentile, prf, SCORE_HEADER, scoreRow, tally } from './coding-score.ts';

test('full-code tally counts each code once per encounter', () => {
  const t = tally([
    { gold: ['E11.9', 'I10'], pred: ['E11.9', 'E11.9', 'J06.9'] },
    { gold: ['N39.0'], pred: [] },
  ]);
  assert.deepEqual(t, { tp: 1, fp: 1, fn: 2 });
  const s = prf(t);
  assert.equal(s.precision, 0.5);
  assert.equal(s.recall, 1 / 3);
  assert.ok(Math.abs(s.f1 - 0.4) < 1e-12);
});

test('category level credits a wrong code in the right 3-character category', () => {
  const items = [{ gold: ['E11.65'], pred: ['E11.9'] }];
  assert.deepEqual(tally(items), { tp: 0, fp: 1, fn: 1 });
  assert.deepEqual(tally(items, category), { tp: 1, fp: 0, fn: 0 });
});

test('an empty prediction scores zero, not NaN', () => {
  assert.deepEqual(prf({ tp: 0, fp: 0, fn: 3 }), { precision: 0, recall: 0, f1: 0 });
});

test('percentile uses the nearest rank', () => {
  assert.equal(percentile([5, 1, 3, 2, 4], 50), 3);
  assert.equal(percentile([1, 2, 3, 4], 50), 2);
  assert.equal(percentile([7], 99), 7);
  assert.ok(Number.isNaN(percentile([], 50)));
});

test('failure classes pair specificity errors and split the rest by code kind', () => {
  const counts = failureClasses([
    { gold: ['E11.65', 'R51.9', 'Z00.01'], pred: ['E11.9', 'G43.909', 'Z00.00', 'R05.9'] },
    { gold: ['S83.411A'], pred: [] },
  ]);
  assert.equal(counts.get('right category, wrong specificity'), 2); // E11, Z00
  assert.equal(counts.get('missed: symptom code (R)'), 1);
  assert.equal(counts.get('missed: diagnosis'), 1);
  assert.equal(counts.get('extra: diagnosis'), 1);
  assert.equal(counts.get('extra: symptom code (R)'), 1);
  assert.equal(counts.get('missed: Z code'), undefined);
});

test('scoreRow: counts, micro P/R/F1 at full code and category, under SCORE_HEADER', () => {
  const row = scoreRow('x', [{ gold: ['I10', 'E11.65'], pred: ['I10', 'E11.9'] }, { gold: [], pred: [] }]);
  assert.equal(row, '| x | 2 | 2 | 50.0 | 50.0 | 50.0 | 100.0 | 100.0 | 100.0 |');
  assert.equal(row.split('|').length, SCORE_HEADER.split('\n')[0]!.split('|').length);
});

test('the bootstrap interval holds the point F1, repeats for one seed, and narrows to a point when every encounter scores alike', () => {
  const items = [
    { gold: ['E11.9'], pred: ['E11.9'] },
    { gold: ['I10'], pred: ['J06.9'] },
    { gold: ['N39.0', 'R30.0'], pred: ['N39.0'] },
    { gold: ['K52.9'], pred: ['K52.9', 'R19.7'] },
  ];
  const f1 = prf(tally(items)).f1;
  const r = bootstrapF1(items);
  assert.ok(r.low <= f1 && f1 <= r.high);
  assert.ok(r.low < r.high);
  assert.deepEqual(bootstrapF1(items), r);
  const alike = bootstrapF1([{ gold: ['I10'], pred: ['I10'] }, { gold: ['E11.9'], pred: ['E11.9'] }]);
  assert.deepEqual(alike, { low: 1, high: 1 });
  assert.match(intervalRow('x', items), /^\| x \| 4 \| \d+\.\d \| \d+\.\d–\d+\.\d \|/);
});
