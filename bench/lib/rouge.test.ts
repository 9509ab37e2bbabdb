import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rouge, tokenize } from './rouge.ts';

test('tokens are lower-case alphanumeric runs', () => {
  assert.deepEqual(tokenize("The patient's BP: 120/80."), ['the', 'patient', 's', 'bp', '120', '80']);
});

test('identical texts score 1, disjoint texts 0', () => {
  assert.deepEqual(rouge('a b c\nd e', 'a b c\nd e'), { rouge1: 1, rouge2: 1, rougeLsum: 1 });
  assert.deepEqual(rouge('x y', 'a b'), { rouge1: 0, rouge2: 0, rougeLsum: 0 });
});

test('matches rouge_score on a worked example', () => {
  // rouge_score: target "the cat sat on the mat", prediction "the cat on the mat sat"
  const r = rouge('the cat on the mat sat', 'the cat sat on the mat');
  assert.equal(r.rouge1, 1);
  assert.ok(Math.abs(r.rouge2 - 0.6) < 1e-9);
  assert.ok(Math.abs(r.rougeLsum - 5 / 6) < 1e-9);
});
