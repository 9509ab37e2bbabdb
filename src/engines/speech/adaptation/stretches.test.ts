import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confidentStretches, stretchSeconds } from './stretches.ts';

const word = (text: string, start: number, end: number, confidence: number) => ({ word: text, start, end, confidence });

test('only runs of confident words are kept, cut at an unsure word', () => {
  const words = [word('a', 0, 0.2, 0.9), word('b', 0.2, 0.5, 0.8), word('c', 0.5, 0.8, 0.2), word('d', 0.8, 1.0, 0.95), word('e', 1.0, 1.3, 0.7)];
  const got = confidentStretches(words, { minConfidence: 0.6 });
  assert.deepEqual(got.map((s) => s.words), [['a', 'b'], ['d', 'e']]);
  assert.deepEqual(got.map((s) => [s.start, s.end]), [[0, 0.5], [0.8, 1.3]]);
  assert.ok(Math.abs(stretchSeconds(got) - 1.0) < 1e-9);
});

test('a pause between two confident words ends the run: the transcript names no silence', () => {
  const words = [word('a', 0, 0.2, 0.9), word('b', 0.2, 0.4, 0.9), word('c', 1.0, 1.2, 0.9), word('d', 1.2, 1.5, 0.9)];
  assert.deepEqual(confidentStretches(words, { maxGap: 0.15 }).map((s) => s.words), [['a', 'b'], ['c', 'd']]);
  assert.deepEqual(confidentStretches(words, { maxGap: 1 }).map((s) => s.words), [['a', 'b', 'c', 'd']]);
});

test('the confidence threshold decides and single words are too little to align', () => {
  const words = [word('a', 0, 0.2, 0.65), word('b', 0.2, 0.4, 0.65), word('c', 0.4, 0.6, 0.3), word('d', 0.6, 0.9, 0.99)];
  assert.deepEqual(confidentStretches(words, { minConfidence: 0.6 }).map((s) => s.words), [['a', 'b']]);
  assert.deepEqual(confidentStretches(words, { minConfidence: 0.7 }), []);
  assert.deepEqual(confidentStretches(words, { minConfidence: 0.6, minWords: 1 }).map((s) => s.words), [['a', 'b'], ['d']]);
});
