// A language-model server that is down, overloaded (5xx) or rate limiting (429) is a
// transient failure: jobs retry it, synchronous routes answer 503 with Retry-After.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ChatClient } from '../../src/engines/llm/chat-client.ts';
import { EngineError, type Engines, TransientEngineError } from '../../src/engines/ports.ts';
import { startFakeLlm } from '../helpers/fake-llm.ts';
import { finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const SCHEMA = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false };

describe('chat client failures', () => {
  test('5xx and 429 are transient (with the server’s Retry-After); other 4xx are final; unreachable is transient', async () => {
    const statuses = [503, 429, 400];
    const llm = await startFakeLlm(() => ({ status: statuses.shift() }));
    try {
      // No retries inside the client and no JSON-mode fallback: each status is classified as it comes.
      const client = new ChatClient({ baseUrl: llm.baseUrl, maxRetries: 0, structuredOutput: 'json_schema' });
      const ask = () => client.json('m', [{ role: 'user', content: 'q' }], 'answer', SCHEMA);
      await assert.rejects(ask(), (e) => e instanceof TransientEngineError && /status 503/.test(e.message));
      await assert.rejects(ask(), (e) => e instanceof TransientEngineError && /status 429/.test(e.message));
      await assert.rejects(ask(), (e) => e instanceof EngineError && !(e instanceof TransientEngineError));
    } finally {
      await llm.close();
    }
    const gone = new ChatClient({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000, maxRetries: 0 });
    await assert.rejects(gone.json('m', [{ role: 'user', content: 'q' }], 'answer', SCHEMA), TransientEngineError);
  });
});

describe('jobs and routes on a transient engine failure', () => {
  test('a consensus job whose model server answers 503 twice is retried and completes', async () => {
    let failures = 2;
    const llm = await startFakeLlm((request) => {
      if (failures > 0) {
        failures--;
        return { status: 503 };
      }
      if (request.response_format?.json_schema?.name === 'consensus') {
        return { content: JSON.stringify({ consensus_response: 'Agreed.', agreement: 'full', disagreements: [] }) };
      }
      return { content: JSON.stringify({ sufficient_context: true, answer: 'yes', key_points: [], confidence: 0.9 }) };
    });
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_LLM_BASE_URL: llm.baseUrl, CLINSCRIBE_LLM_MODEL: 'a' } });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: 'First-line treatment for stage 1 hypertension?' } });
      const done = await finished(h, `/alpha/consensus/${res.json().data.id}`, h.alpha);
      assert.equal(done.data.status, 'completed');
      assert.equal(done.data.result.consensus_response, 'yes');
    } finally {
      await h.close();
      await llm.close();
    }
  });

  test('a transient failure on the last attempt fails the job with the engine’s message', async () => {
    const engines: Partial<Engines> = {
      ...echoEngines(),
      coding: {
        async code() {
          throw new TransientEngineError('The language model server answered with status 502.');
        },
      },
    };
    const h = await startHarness('sqlite', { engines, config: { jobMaxAttempts: 2 } });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: 'knee pain' } });
      const done = await finished(h, `/v1/codings/${res.json().data.id}`, h.stable);
      assert.equal(done.data.status, 'failed');
      assert.equal(done.data.result.error, 'The language model server answered with status 502.');
    } finally {
      await h.close();
    }
  });

  test('synchronous routes answer 503 with Retry-After in their family’s shape', async () => {
    const down = () => new TransientEngineError('The language model server could not be reached.');
    const engines: Partial<Engines> = {
      ...echoEngines(),
      extraction: {
        async extract() {
          throw new TransientEngineError('The language model server answered with status 429.', 9);
        },
      },
      templates: {
        ...echoEngines().templates!,
        async deriveStyle() {
          throw down();
        },
      },
    };
    const h = await startHarness('sqlite', { engines, workers: false });
    try {
      const extract = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text: 'bp 120/80', schema: SCHEMA } });
      assert.equal(extract.statusCode, 503);
      assert.equal(extract.headers['retry-after'], '9');
      assert.deepEqual(extract.json(), { error: 503, message: 'The language model server answered with status 429.' });
      const style = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: 'S: ok' } });
      assert.equal(style.statusCode, 503);
      assert.equal(style.headers['retry-after'], '5');
      assert.equal(style.json().data.code, 'unavailable');
    } finally {
      await h.close();
    }
  });
});
