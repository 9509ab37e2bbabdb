// The chat client against a scripted OpenAI-compatible server: output modes, repair, retries, timeouts, concurrency.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type Reply, startFakeLlm } from '../../../test/helpers/fake-llm.ts';
import { withCancellation } from '../cancellation.ts';
import { EngineError, TransientEngineError } from '../ports.ts';
import { ChatClient } from './chat-client.ts';
import { newUsage } from './usage.ts';

const SCHEMA = { type: 'object', additionalProperties: false, required: ['answer'], properties: { answer: { type: 'string' } } };
const ask = [{ role: 'user' as const, content: 'Say hi as JSON.' }];
const fast = { retryBaseMs: 5, timeoutMs: 5_000 };

/** A server answering from a script: one reply per request, the last one repeated. */
async function scripted(replies: Reply[]) {
  let i = 0;
  return startFakeLlm(() => replies[Math.min(i++, replies.length - 1)]!);
}

const servers: { close(): Promise<void> }[] = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function server(replies: Reply[]) {
  const s = await scripted(replies);
  servers.push(s);
  return s;
}

describe('chat client', () => {
  test('asks for json_schema output with streaming off and records token usage', async () => {
    const s = await server([{ content: '{"answer":"hi"}', usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } }]);
    const usage = newUsage();
    const value = await new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'greeting', SCHEMA, { usage, strict: true });
    assert.deepEqual(value, { answer: 'hi' });
    assert.equal(s.requests[0]!.response_format?.type, 'json_schema');
    assert.equal(s.requests[0]!.stream, false);
    assert.deepEqual({ ...usage, models: usage.models }, { requests: 1, prompt_tokens: 11, completion_tokens: 3, total_tokens: 14, models: ['m'] });
  });

  test('a server that refuses json_schema gets JSON mode with the schema in the prompt, from then on', async () => {
    const s = await startFakeLlm((r) => (r.response_format?.type === 'json_schema' ? { status: 400 } : { content: '```json\n{"answer":"hi"}\n```' }));
    servers.push(s);
    const client = new ChatClient({ baseUrl: s.baseUrl, ...fast });
    assert.deepEqual(await client.json('m', ask, 'greeting', SCHEMA), { answer: 'hi' });
    assert.deepEqual(await client.json('m', ask, 'greeting', SCHEMA), { answer: 'hi' });
    assert.deepEqual(s.requests.map((r) => r.response_format?.type), ['json_schema', 'json_object', 'json_object']);
    assert.match(s.requests[1]!.messages[0]!.content, /JSON Schema/);
  });

  test('schema-invalid JSON gets one repair round', async () => {
    const s = await server([{ content: '{"answer": 42}' }, { content: '{"answer":"hi"}' }]);
    assert.deepEqual(await new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'greeting', SCHEMA), { answer: 'hi' });
    assert.equal(s.requests.length, 2);
    assert.match(s.requests[1]!.messages.at(-1)!.content, /does not match the required schema/);
  });

  test('truncated JSON is asked for again; invalid twice is a final engine error', async () => {
    const s = await server([{ content: '{"answer":"h', finishReason: 'length' }, { content: 'not json at all' }]);
    await assert.rejects(new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'greeting', SCHEMA), (e: Error) => e instanceof EngineError && /after 2 attempts/.test(e.message));
    assert.equal(s.requests.length, 2);
    assert.match(s.requests[1]!.messages.at(-1)!.content, /cut off/);
  });

  test('429 with Retry-After is waited out and retried', async () => {
    const s = await server([{ status: 429, headers: { 'retry-after': '1' } }, { content: '{"answer":"hi"}' }]);
    assert.deepEqual(await new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'greeting', SCHEMA), { answer: 'hi' });
    assert.equal(s.requests.length, 2);
  });

  test('a Retry-After beyond the limit is left to the job queue, with the wait it asked for', async () => {
    const s = await server([{ status: 429, headers: { 'retry-after': '120' } }]);
    await assert.rejects(new ChatClient({ baseUrl: s.baseUrl, ...fast, maxRetryAfterSeconds: 30 }).json('m', ask, 'greeting', SCHEMA), (e: Error) => e instanceof TransientEngineError && e.retryAfterSeconds === 120);
    assert.equal(s.requests.length, 1);
  });

  test('5xx answers are retried with backoff, then fail as transient without the server body', async () => {
    const s = await server([{ status: 500 }, { status: 502 }, { content: '{"answer":"hi"}' }]);
    assert.deepEqual(await new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'greeting', SCHEMA), { answer: 'hi' });
    const down = await server([{ status: 503 }]);
    await assert.rejects(new ChatClient({ baseUrl: down.baseUrl, ...fast, maxRetries: 2 }).json('m', ask, 'greeting', SCHEMA), (e: Error) => e instanceof TransientEngineError && /status 503\.$/.test(e.message));
    assert.equal(down.requests.length, 3);
  });

  test('a slow answer past the timeout fails as transient after its retries', async () => {
    const s = await server([{ delayMs: 3_000, content: '{"answer":"late"}' }]);
    await assert.rejects(new ChatClient({ baseUrl: s.baseUrl, retryBaseMs: 5, timeoutMs: 200, maxRetries: 1 }).json('m', ask, 'greeting', SCHEMA), (e: Error) => e instanceof TransientEngineError && /did not answer in time/.test(e.message));
    assert.equal(s.requests.length, 2);
  });

  test('an unreachable host and a dropped connection fail as transient', async () => {
    await assert.rejects(new ChatClient({ baseUrl: 'http://127.0.0.1:9/v1', ...fast, maxRetries: 1 }).json('m', ask, 'g', SCHEMA), (e: Error) => e instanceof TransientEngineError && /could not be reached/.test(e.message));
    const s = await server([{ hangUp: true }]);
    await assert.rejects(new ChatClient({ baseUrl: s.baseUrl, ...fast, maxRetries: 0 }).json('m', ask, 'g', SCHEMA), TransientEngineError);
  });

  test('no more than `concurrency` requests are in flight at once, and none is lost', async () => {
    let inFlight = 0;
    let most = 0;
    const s = await startFakeLlm(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 30));
      inFlight--;
      return { content: '{"answer":"hi"}' };
    });
    servers.push(s);
    const client = new ChatClient({ baseUrl: s.baseUrl, ...fast, concurrency: 2 });
    const answers = await Promise.all(Array.from({ length: 7 }, () => client.json('m', ask, 'g', SCHEMA)));
    assert.equal(answers.length, 7);
    assert.equal(s.requests.length, 7);
    assert.ok(most <= 2, `at most 2 in flight, saw ${most}`);
  });

  test('a cancelled job stops waiting for its retry', async () => {
    const s = await server([{ status: 429, headers: { 'retry-after': '20' } }]);
    const controller = new AbortController();
    const pending = withCancellation(controller.signal, () => new ChatClient({ baseUrl: s.baseUrl, ...fast }).json('m', ask, 'g', SCHEMA));
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, /cancelled/);
  });
});
