import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance } from './index.ts';

test('edit distance counts insertions, deletions and substitutions', () => {
  assert.equal(editDistance('lisinopril', 'lisinopril'), 0);
  assert.equal(editDistance('lisinipril', 'lisinopril'), 1);
  assert.equal(editDistance('metformin', 'metfomin'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
});

test('with a limit, anything farther is reported as limit + 1', () => {
  assert.equal(editDistance('kitten', 'sitting', 2), 3);
  assert.equal(editDistance('atorvastatin', 'amlodipine', 2), 3);
  assert.equal(editDistance('a', 'abcdef', 2), 3);
  assert.equal(editDistance('kitten', 'sitting', 3), 3);
});
