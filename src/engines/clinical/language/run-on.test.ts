// Where the one sentence splitter cuts long unpunctuated speech: the cues built from discourse.json and fillers.json, spans exact, and no cue that backtracks exponentially.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check } from 'recheck';
import { AT_CLAUSES, AT_MARKERS, splitSentences } from '../context/index.ts';
import { CLAUSE_OPENER, DISCOURSE_MARKER, MARKER_WORDS } from './run-on.ts';

test('markers are the leading words that open a point: not hesitations, not words inside a phrase', () => {
  for (const w of ['okay', 'so', 'but', 'and then', 'yeah', 'i mean']) assert.ok(MARKER_WORDS.includes(w), w);
  for (const w of ['um', 'uh', 'hmm', 'and', 'like', 'then', 'oh', 'otherwise']) assert.ok(!MARKER_WORDS.includes(w), w);
});

const words = (n: number, w = 'pain'): string => Array.from({ length: n }, () => w).join(' ');

test('a long run is cut before a marker, every piece an exact span of the text', () => {
  const text = `${words(20)} so ${words(10)} and then ${words(6)}`;
  const spans = splitSentences(text);
  assert.equal(spans.length, 3);
  assert.ok(text.slice(spans[1]!.start, spans[1]!.end).startsWith('so '));
  assert.ok(text.slice(spans[2]!.start, spans[2]!.end).startsWith('and then '));
  assert.equal(spans.map((s) => text.slice(s.start, s.end)).join(' '), text);
});

test('a hesitation or a short run is no cut', () => {
  assert.equal(splitSentences(`${words(20)} um ${words(10)}`).length, 1);
  assert.equal(splitSentences(`${words(10)} so ${words(10)}`).length, 1);
});

test('a marker that is a word of its phrase is no cut ("not well controlled", "well-healed")', () => {
  const text = `${words(20)} and the asthma is not well controlled ${words(6)} the scar is well-healed ${words(6)} well i think ${words(6)}`;
  const pieces = splitSentences(text).map((s) => text.slice(s.start, s.end));
  assert.ok(pieces.some((p) => p.includes('not well controlled')), JSON.stringify(pieces));
  assert.ok(pieces.some((p) => p.includes('is well-healed')), JSON.stringify(pieces));
  assert.ok(pieces.some((p) => p.startsWith('well i think')), JSON.stringify(pieces));
});

test('the visit reader cuts again before clause openers; the default cut does not', () => {
  const text = `${words(12)} i think ${words(12)} because ${words(12)}`;
  assert.equal(splitSentences(text).length, 1);
  const spans = splitSentences(text, [AT_MARKERS, AT_CLAUSES]);
  assert.deepEqual(spans.map((s) => text.slice(s.start, s.end).split(' ')[0]), ['pain', 'i', 'because']);
});

// Built from data at load, out of the source audit's sight; as there, only exponential backtracking fails.
test('no run-on cue backtracks exponentially', { timeout: 120_000 }, async () => {
  for (const re of [DISCOURSE_MARKER, CLAUSE_OPENER]) {
    const d = await check(re.source, re.flags, { timeout: 5_000, randomSeed: 1 });
    assert.ok(!(d.status === 'vulnerable' && d.complexity.type === 'exponential'), `exponential backtracking in ${re.source.slice(0, 60)}`);
  }
});
