// The streaming WebSocket protocol, with a test engine behind the port (the PocketSphinx
// engine's own streaming is tested beside it).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import WebSocket from 'ws';
import type { StreamingSession, StreamingTranscript } from '../../src/engines/ports.ts';
import { type Harness, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

/** Reports how many bytes it has heard: interim after each chunk, final at the end. With
 * `slow`, the first push says the recognizer is behind until the test emits 'drain'. */
function countingSession(slow?: { events?: EventEmitter; pushes: number }): StreamingSession {
  const events = new EventEmitter();
  if (slow) slow.events = events;
  let bytes = 0;
  const message = (isFinal: boolean): StreamingTranscript => ({
    type: 'transcript',
    audio_start: 0,
    audio_end: bytes / 32000,
    duration: bytes / 32000,
    text: `${bytes} bytes`,
    is_final: isFinal,
    words: [],
  });
  return {
    push(chunk) {
      bytes += chunk.length;
      events.emit('transcript', message(false));
      if (!slow) return true;
      return ++slow.pushes > 1;
    },
    async end() {
      events.emit('transcript', message(true));
    },
    on(event: string, listener: (...args: any[]) => void) {
      events.on(event, listener);
      return this;
    },
    once(event: string, listener: (...args: any[]) => void) {
      events.once(event, listener);
      return this;
    },
  } as StreamingSession;
}

function collect(socket: WebSocket): { messages: any[]; closed: Promise<number> } {
  const messages: any[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return { messages, closed };
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check());
}

describe('streaming transcription WebSocket', () => {
  let h: Harness;
  let base: string;
  let slow: { events?: EventEmitter; pushes: number } | undefined;
  before(async () => {
    const engines = echoEngines();
    engines.speech = { ...engines.speech!, openStream: () => countingSession(slow) };
    h = await startHarness('sqlite', { engines });
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
  });
  after(() => h.close());

  test('token auth, connected status, interim results per chunk, final on stop; bad frames answered', async () => {
    const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
    const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream?sample_rate=16000&encoding=linear16&api_token=${token}`);
    const { messages, closed } = collect(socket);
    await waitFor(() => messages.length === 1);
    assert.deepEqual(messages[0], { type: 'status', status: 'connected' });
    socket.send(JSON.stringify({ audio: Buffer.alloc(3200).toString('base64') }));
    socket.send(Buffer.alloc(1600));
    socket.send('not json');
    await waitFor(() => messages.length === 4);
    assert.equal(messages[1].text, '3200 bytes');
    assert.equal(messages[1].is_final, false);
    assert.equal(messages[2].text, '4800 bytes');
    assert.equal(messages[3].type, 'error');
    socket.send(JSON.stringify({ type: 'stop' }));
    assert.equal(await closed, 1000);
    assert.equal(messages.at(-1).is_final, true);
  });

  test('the token body is optional; a repeated Idempotency-Key mints another token (none is kept in the clear)', async () => {
    const bare = await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable });
    assert.equal(bare.statusCode, 200);
    assert.match(bare.json().token, /^cst_/);
    const headers = { ...h.stable, 'idempotency-key': 'token-1' };
    const first = await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers, payload: { expiresIn: 60 } });
    const again = await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers, payload: { expiresIn: 60 } });
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers['idempotent-replayed'], undefined);
    assert.match(first.json().token, /^cst_/);
  });

  test('an API key with the account id works too; bad credentials are refused before the upgrade', async () => {
    const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream?account_id=${h.accountId}&api_token=${h.apiKey}`);
    const { messages } = collect(socket);
    await waitFor(() => messages.length === 1);
    socket.close();
    for (const query of ['api_token=cst_forged.token', `account_id=acct_other&api_token=${h.apiKey}`, '']) {
      const refused = new WebSocket(`${base}/v1/audio/transcriptions/stream?${query}`);
      const status = await new Promise<number>((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      assert.equal(status, 401, query);
    }
  });
  test('audio sent faster than the recognizer keeps up is not read until it drains', async () => {
    slow = { pushes: 0 };
    try {
      const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
      const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`);
      const { messages, closed } = collect(socket);
      await waitFor(() => messages.length === 1);
      socket.send(Buffer.alloc(3200));
      await waitFor(() => slow!.pushes === 1);
      socket.send(Buffer.alloc(3200));
      socket.send(Buffer.alloc(3200));
      await new Promise((r) => setTimeout(r, 150));
      assert.equal(slow.pushes, 1, 'the paused socket is not read');
      slow.events!.emit('drain');
      await waitFor(() => slow!.pushes === 3);
      socket.close();
      await closed;
    } finally {
      slow = undefined;
    }
  });

  test('an account holds at most a few live sessions at once', async () => {
    const { MAX_STREAMS_PER_ACCOUNT } = await import('../../src/http/routes/transcription-stream.ts');
    const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
    const sockets = Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`));
    const open = sockets.map(collect);
    await waitFor(() => open.every((o) => o.messages.length === 1));
    const extra = collect(new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`));
    assert.equal(await extra.closed, 1013);
    assert.match(extra.messages[0].error, /At most \d+ live transcriptions/);
    for (const socket of sockets) socket.close();
    await Promise.all(open.map((o) => o.closed));
  });
  test('a recognizer that fails says why and closes the connection', async () => {
    slow = { pushes: 0 };
    try {
      const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
      const { messages, closed } = collect(new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`));
      await waitFor(() => messages.length === 1);
      slow.events!.emit('error', new Error('The live recognizer stopped unexpectedly.'));
      assert.equal(await closed, 1011);
      assert.deepEqual(messages.find((m) => m.type === 'error'), { type: 'error', error: 'The live recognizer stopped unexpectedly.' });
    } finally {
      slow = undefined;
    }
  });
});
