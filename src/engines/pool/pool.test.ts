// The engine pool stops a call at its deadline or its memory cap, fails only that call, and
// keeps serving the next ones; engine errors keep their class across the thread boundary.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { HUGE_INSTANCE_SCHEMA, liftOutputCaps } from '../../../test/security/hostile-inputs.ts';
import { EngineError, TransientEngineError } from '../ports.ts';
import { analyseInline } from '../speech/pocketsphinx/analysis.ts';
import { resolveModels } from '../speech/pocketsphinx/models.ts';
import { pooledCodingEngine, pooledExtractionEngine, pooledSpeechAnalyser, pooledTrainerFinder } from './adapter.ts';
import { EngineLimitError, EnginePool } from './pool.ts';

// The intake would refuse the hostile schema first; the pool is the line of defence tested here.
liftOutputCaps();

const run = promisify(execFile);
const deadlines = { notes: 60_000, templates: 60_000, coding: 60_000, extraction: 1_000, diarization: 60_000 };
const pool = new EnginePool({ threads: 1, heapMb: 1024 });
// A small heap, so the huge instance reaches it long before its deadline.
const small = new EnginePool({ threads: 1, heapMb: 48 });
after(() => Promise.all([pool.close(), small.close()]));

test('a text-to-JSON call past its deadline fails with the setting named; the next call is served', async () => {
  const extraction = pooledExtractionEngine(pool, deadlines);
  await assert.rejects(extraction.extract('hello', HUGE_INSTANCE_SCHEMA), (error: Error) => {
    assert.ok(error instanceof EngineLimitError);
    assert.match(error.message, /time limit of 1 s \(CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION\)/);
    return true;
  });
  const coded = await pooledCodingEngine(pool, deadlines).code('She has type 2 diabetes.');
  assert.equal(coded.diagnoses.length, 1);
});

test('a call that blows the heap cap fails alone with the setting named; the thread is replaced', async () => {
  const extraction = pooledExtractionEngine(small, { ...deadlines, extraction: 120_000 });
  await assert.rejects(extraction.extract('hello', HUGE_INSTANCE_SCHEMA), (error: Error) => {
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

test('speech analysis (features, voice activity, speakers) in a thread matches it inline', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinscribe-pool-speech-'));
  try {
    // Two tones with silence between: real samples, 16 kHz mono raw PCM.
    const path = join(dir, 'tones.raw');
    await run('sox', ['-D', '-n', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed-integer', path, 'synth', '1', 'sine', '220', 'pad', '0', '1', ':', 'synth', '1', 'sine', '880']);
    const bytes = statSync(path).size;
    const range = { path, offset: 0, bytes, durationSec: bytes / 32_000 };
    const pooled = await pooledSpeechAnalyser(pool, deadlines)(range, 2);
    assert.deepEqual(pooled, await analyseInline(range, 2));
    assert.ok(pooled.frames > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("speaker adaptation's model is prepared in a thread, once per model", async () => {
  const find = pooledTrainerFinder(pool, deadlines);
  const { hmm } = resolveModels();
  const lookup = await find(hmm);
  assert.ok(lookup.ok, lookup.ok ? '' : lookup.reason);
  assert.ok(statSync(lookup.trainer.mixw).size > 0, 'mixture weights bw can read');
  assert.equal(lookup.trainer.featParams.get('-model') ?? 'cont', lookup.trainer.modelType);
  assert.equal(find(hmm), find(hmm), 'the same preparation is shared');
});

test('when every thread is busy and the wait list is full, a call is refused as transient (503), not queued without bound', async () => {
  const tiny = new EnginePool({ threads: 1, heapMb: 1024, maxQueue: 1 });
  try {
    await pooledCodingEngine(tiny, deadlines).code('warm up'); // the thread is started and ready
    const extraction = pooledExtractionEngine(tiny, { ...deadlines, extraction: 2_000 });
    const running = [extraction.extract('hello', HUGE_INSTANCE_SCHEMA), extraction.extract('hello', HUGE_INSTANCE_SCHEMA)];
    for (const call of running) call.catch(() => {});
    await assert.rejects(extraction.extract('hello', HUGE_INSTANCE_SCHEMA), (error: Error) => error instanceof TransientEngineError && /busy/.test(error.message));
    await Promise.allSettled(running);
  } finally {
    await tiny.close();
  }
});

test('a call waiting behind one stopped at its deadline runs on the replacement thread', async () => {
  const single = new EnginePool({ threads: 1, heapMb: 1024 });
  try {
    const stopped = pooledExtractionEngine(single, { ...deadlines, extraction: 1_500 }).extract('hello', HUGE_INSTANCE_SCHEMA);
    const waiting = pooledCodingEngine(single, deadlines).code('She has asthma.');
    await assert.rejects(stopped, EngineLimitError);
    assert.equal((await waiting).diagnoses.length, 1);
  } finally {
    await single.close();
  }
});
