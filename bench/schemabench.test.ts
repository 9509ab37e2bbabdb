// A bounded, fixed sample of JSONSchemaBench (6 schemas from each of the 10 categories,
// fixed seed) through the engine: every answer must be valid under the schema's own draft,
// judged independently. Validity only; speed is in `npm run bench -- schemabench`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchAvailable, clinicalTexts, loadBench, runOne, stratifiedSample } from './lib/schemabench.ts';

test('JSONSchemaBench sample: a valid instance for every schema', { skip: benchAvailable() ? false : 'JSONSchemaBench data not present' }, () => {
  const sample = stratifiedSample(loadBench(), 6);
  assert.equal(sample.length, 60);
  const text = clinicalTexts().short;
  const misses = sample.map((s) => ({ id: s.id, outcome: runOne(text, s) })).filter((r) => r.outcome.kind !== 'valid');
  assert.deepEqual(misses.map((m) => `${m.id}: ${m.outcome.kind}`), []);
});
