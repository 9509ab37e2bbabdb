// Engines run off the API thread: while a hostile engine call runs, /healthz and other
// requests are answered; past its deadline or heap cap the call fails with a reason that
// names the limit, and the service keeps working.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, eventually, finished, startHarness } from '../helpers/harness.ts';
import { HUGE_INSTANCE_SCHEMA, liftOutputCaps, stillPending } from './hostile-inputs.ts';
import { hostileTranscript } from './worst-case-sentences.ts';

// The intake would refuse the hostile schema first; the pool is the line of defence tested here.
liftOutputCaps();

/** Asks /healthz `times` times while `work` is pending; each must answer 200 before `work` settles. */
async function healthyWhile(h: Harness, work: Promise<unknown>, times = 5): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.ok(await stillPending(work), 'the hostile call finished before /healthz was asked; the check proves nothing');
  }
}

const AGE = { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] };

const textToJson = (h: Harness, text: string, schema: unknown) =>
  h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text, schema } });

describe('engine isolation: deadlines', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { env: { CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION: '1000', CLINSCRIBE_ENGINE_THREADS: '2' } });
  });
  after(() => h.close());

  test('text-to-JSON past its deadline answers 422 naming the setting, and /healthz answers meanwhile', async () => {
    // Threads start with the first call; on a busy machine a cold thread alone can take the
    // second this deadline allows, so the pool is started before the hostile call.
    await eventually(async () => ((await textToJson(h, 'Age: 41', AGE)).statusCode === 200 ? true : undefined));
    const hostile = textToJson(h, 'hello', HUGE_INSTANCE_SCHEMA);
    await healthyWhile(h, hostile);
    const res = await hostile;
    assert.equal(res.statusCode, 422);
    assert.match(res.json().message, /CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION/);
    // The service recovers: the thread that was stopped is replaced, and on a busy machine the
    // replacement's cold start can itself pass the 1 s deadline, so the next call is asked again
    // until a warm thread answers (any answer but 200 or the deadline's 422 fails at once).
    const ok = await eventually(async () => {
      const next = await textToJson(h, 'Age: 42', AGE);
      if (next.statusCode === 200) return next;
      assert.equal(next.statusCode, 422);
      assert.match(next.json().message, /CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION/);
      return undefined;
    });
    assert.deepEqual(ok.json().data, { age: 42 });
  });

  test('a SOAP note of a hostile transcript (apostrophe runs, parenthesised problems) completes', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: hostileTranscript(), noteType: { type: 'soap' } } });
    assert.equal(res.statusCode, 202);
    const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
    assert.equal(done.data.status, 'completed', done.data.error);
  });
});

describe('engine isolation: a note job past its deadline', () => {
  let h: Harness;
  before(async () => {
    // Shorter than a thread takes to start and load the lexicons: every note call hits it.
    h = await startHarness('sqlite', { env: { CLINSCRIBE_ENGINE_DEADLINE_MS_NOTES: '100' } });
  });
  after(() => h.close());

  test('fails with the reason and the setting named', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: hostileTranscript(), noteType: { type: 'soap' } } });
    const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
    assert.equal(done.data.status, 'failed');
    assert.match(done.data.error, /time limit .*CLINSCRIBE_ENGINE_DEADLINE_MS_NOTES/);
  });
});

describe('engine isolation: heap cap', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { env: { CLINSCRIBE_ENGINE_HEAP_MB: '48', CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION: '120000' } });
  });
  after(() => h.close());

  test('a call that blows the heap answers 422 naming the setting; /healthz answers meanwhile; the next call works', async () => {
    const hostile = textToJson(h, 'hello', HUGE_INSTANCE_SCHEMA);
    await healthyWhile(h, hostile);
    const res = await hostile;
    assert.equal(res.statusCode, 422);
    assert.match(res.json().message, /memory .*CLINSCRIBE_ENGINE_HEAP_MB/);
    const ok = await textToJson(h, 'Age: 42', { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] });
    assert.equal(ok.statusCode, 200);
  });
});
