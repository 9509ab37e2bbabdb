import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bestMappingAccuracy, normaliseWords, percentile, wer, wordErrors } from './wer.ts';

test('normalises case, punctuation, hyphens and alternate-pronunciation marks', () => {
  assert.deepEqual(normaliseWords(['Follow-up', 'the(2)', "Don't,", '--', 'OK.']), ['follow', 'up', 'the', "don't", 'ok']);
});

test('counts substitutions, deletions and insertions of the best alignment', () => {
  assert.deepEqual(wordErrors(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd']), { substitutions: 1, deletions: 0, insertions: 0, reference: 4 });
  assert.deepEqual(wordErrors(['a', 'b', 'c', 'd'], ['a', 'c', 'd']), { substitutions: 0, deletions: 1, insertions: 0, reference: 4 });
  assert.deepEqual(wordErrors(['a', 'b'], ['z', 'a', 'b', 'y']), { substitutions: 0, deletions: 0, insertions: 2, reference: 2 });
  assert.equal(wer(['the', 'knee', 'hurts'], ['the', 'knee', 'hurts']), 0);
  assert.equal(wer(['the', 'knee', 'hurts'], []), 1);
  assert.equal(wer([], ['noise']), 1);
  assert.equal(wer([], []), 0);
});

test('WER is the edit distance over the reference length', () => {
  // kitten → sitting as words of letters: 3 edits over 6.
  assert.equal(wer('k i t t e n'.split(' '), 's i t t i n g'.split(' ')), 3 / 6);
});

test('speaker accuracy takes the best one-to-one renaming of hypothesis labels', () => {
  const pairs: [string, number][] = [['doctor', 1], ['doctor', 1], ['patient', 0], ['patient', 0], ['patient', 1]];
  assert.equal(bestMappingAccuracy(pairs), 4 / 5);
  // Everything in one cluster: only the larger reference speaker can be right.
  assert.equal(bestMappingAccuracy([['a', 0], ['a', 0], ['b', 0]] as [string, number][]), 2 / 3);
  // More clusters than speakers: extra clusters count as wrong.
  assert.equal(bestMappingAccuracy([['a', 0], ['a', 1], ['a', 2]] as [string, number][]), 1 / 3);
});

test('percentile picks the nearest-rank value', () => {
  assert.equal(percentile([5, 1, 3, 2, 4], 50), 3);
  assert.equal(percentile([5, 1, 3, 2, 4], 95), 5);
  assert.ok(Number.isNaN(percentile([], 50)));
});
