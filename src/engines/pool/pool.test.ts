// The engine pool stops a call at its deadline or its memory cap, fails only that call, and
// keeps serving the next ones; engine errors keep their class across the thread boundary.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ENDLESS_SCHEMA } from '../../../test/security/hostile-inputs.ts';
import { EngineError } from '../ports.ts';
import { pooledCodingEngine, pooledExtractionEngine } from './adapter.ts';
import { EngineLimitError, EnginePool } from './pool.ts';

const deadlines = { notes: 60_000, templates: 60_000, coding: 60_000, extraction: 3_000, diarization: 60_000 };
const pool = new EnginePool({ threads: 1, heapMb: 1024 });
// A small heap, so the endless schema reaches it long before its deadline.
const small = new EnginePool({ threads: 1, heapMb: 48 });
after(() => Promise.all([pool.close(), small.close()]));

test('a text-to-JSON call past its deadline fails with the setting named; the next call is served', async () => {
  const extraction = pooledExtractionEngine(pool, deadlines);
  await assert.rejects(extraction.extract('hello', ENDLESS_SCHEMA), (error: Error) => {
    assert.ok(error instanceof EngineLimitError);
    assert.match(error.message, /time limit of 3 s \(CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION\)/);
    return true;
  });
  const coded = await pooledCodingEngine(pool, deadlines).code('She has type 2 diabetes.');
  assert.equal(coded.diagnoses.length, 1);
});

test('a call that blows the heap cap fails alone with the setting named; the thread is replaced', async () => {
  const extraction = pooledExtractionEngine(small, { ...deadlines, extraction: 120_000 });
  await assert.rejects(extraction.extract('hello', ENDLESS_SCHEMA), (error: Error) => {
    assert.ok(error instanceof EngineLimitError);
    assert.match(error.message, /more memory than the engine limit of 48 MB \(CLINSCRIBE_ENGINE_HEAP_MB\)/);
    return true;
  });
  const result = await extraction.extract('Age: 42', { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] });
  assert.deepEqual(result.data, { age: 42 });
});

test('an engine refusal keeps its class and message', async () => {
  const extraction = pooledExtractionEngine(pool, deadlines);
  await assert.rejects(extraction.extract('hello', { type: 'object', properties: { a: { $ref: 'https://example.org/x' } } }), (error: Error) => {
    assert.ok(error instanceof EngineError && !(error instanceof EngineLimitError));
    return true;
  });
});
