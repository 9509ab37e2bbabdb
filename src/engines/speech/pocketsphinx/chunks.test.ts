import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planPieces } from './chunks.ts';

const regions = (spans: [number, number][]) => spans.map(([start, end]) => ({ start, end }));

test('no speech, no pieces; a short clip stays whole', () => {
  assert.deepEqual(planPieces([], 1000, 2), []);
  assert.deepEqual(planPieces(regions([[100, 600]]), 1000, 4), [{ start: 0, end: 1000 }]);
});

test('pieces cover the recording without gaps and cut only inside pauses', () => {
  const speech = regions([[0, 2000], [2100, 4000], [4150, 6000], [6100, 8000]]);
  const pieces = planPieces(speech, 8200, 2);
  assert.equal(pieces.length, 2);
  assert.equal(pieces[0].start, 0);
  assert.equal(pieces[pieces.length - 1].end, 8200);
  for (let i = 1; i < pieces.length; i++) {
    assert.equal(pieces[i].start, pieces[i - 1].end);
    const cut = pieces[i].start;
    assert.ok(!speech.some((r) => r.start < cut && cut < r.end), `cut ${cut} falls inside speech`);
  }
});

test('long recordings get pieces no longer than the maximum', () => {
  const speech = regions(Array.from({ length: 100 }, (_, i) => [i * 1000, i * 1000 + 900] as [number, number]));
  const pieces = planPieces(speech, 100_000, 2, 30_000);
  assert.ok(pieces.length >= 4);
  assert.ok(pieces.every((p) => p.end - p.start <= 31_000));
});

test('many cores do not cut a short recording into many pieces: each start decodes its first seconds worse', () => {
  const speech = regions(Array.from({ length: 80 }, (_, i) => [i * 100, i * 100 + 80] as [number, number]));
  assert.equal(planPieces(speech, 8000, 8).length, 2);
  assert.equal(planPieces(speech.slice(0, 50), 5000, 8).length, 1);
});
