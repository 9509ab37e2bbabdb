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

  test('an API key is never accepted in the URL; bad credentials are refused before the upgrade', async () => {
    for (const query of [`account_id=${h.accountId}&api_token=${h.apiKey}`, 'api_token=cst_forged.token', `account_id=acct_other&api_token=${h.apiKey}`, '']) {
      const refused = new WebSocket(`${base}/v1/audio/transcriptions/stream?${query}`);
      const status = await new Promise<number>((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
      assert.equal(status, 401, query.replace(h.apiKey, '<key>'));
    }
    // Non-browser clients may still send the key in headers.
    const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream`, { headers: h.stable });
    const { messages } = collect(socket);
    await waitFor(() => messages.length === 1);
    socket.close();
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
    const MAX_STREAMS_PER_ACCOUNT = h.runtime.config.streaming.maxSessionsPerAccount;
    const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
    const sockets = Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`));
    const open = sockets.map(collect);
    await waitFor(() => open.every((o) => o.messages.length === 1));
    const extra = collect(new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`));
    assert.equal(await extra.closed, 1013);
    assert.match(extra.messages[0].error, /CLINSCRIBE_MAX_STREAMS_PER_ACCOUNT/);
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

describe('streaming limits', () => {
  let h: Harness;
  let base: string;
  before(async () => {
    const engines = echoEngines();
    engines.speech = { ...engines.speech!, openStream: () => countingSession() };
    h = await startHarness('sqlite', { engines, env: { CLINSCRIBE_STREAM_IDLE_SECONDS: '1', CLINSCRIBE_STREAM_MAX_SECONDS: '3', CLINSCRIBE_MAX_STREAMS: '2' } });
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
  });
  after(() => h.close());

  const tokenOf = async (headers: Record<string, string>) =>
    (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers, payload: {} })).json().token as string;

  test('a session with no audio is closed after the idle timeout, saying why', async () => {
    const { messages, closed } = collect(new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${await tokenOf(h.stable)}`));
    assert.equal(await closed, 1000);
    assert.match(messages.find((m) => m.type === 'error').error, /CLINSCRIBE_STREAM_IDLE_SECONDS/);
  });

  test('a session that keeps sending is closed at its maximum length', async () => {
    const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${await tokenOf(h.stable)}`);
    const { messages, closed } = collect(socket);
    const feed = setInterval(() => socket.readyState === socket.OPEN && socket.send(Buffer.alloc(320)), 200);
    try {
      assert.equal(await closed, 1000);
    } finally {
      clearInterval(feed);
    }
    assert.match(messages.find((m) => m.type === 'error').error, /CLINSCRIBE_STREAM_MAX_SECONDS/);
  });

  test('the server-wide cap holds across accounts', async () => {
    const others = [await h.newAccount(), await h.newAccount(), await h.newAccount()];
    const sockets: { socket: WebSocket; messages: any[]; closed: Promise<number> }[] = [];
    for (const o of others.slice(0, 2)) {
      const s = new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${await tokenOf({ 'x-api-key': o.apiKey, 'x-account-id': o.accountId })}`);
      sockets.push({ socket: s, ...collect(s) });
    }
    await waitFor(() => sockets.every((s) => s.messages.length === 1));
    const third = others[2];
    const extra = collect(new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${await tokenOf({ 'x-api-key': third.apiKey, 'x-account-id': third.accountId })}`));
    assert.equal(await extra.closed, 1013);
    assert.match(extra.messages[0].error, /CLINSCRIBE_MAX_STREAMS\b/);
    for (const s of sockets) s.socket.close();
    await Promise.all(sockets.map((s) => s.closed));
  });

  test('a token dies with its key, and an open session ends when the key is revoked', async () => {
    const other = await h.newAccount();
    const headers = { 'x-api-key': other.apiKey, 'x-account-id': other.accountId };
    const token = await tokenOf(headers);
    const socket = new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`);
    const { messages, closed } = collect(socket);
    await waitFor(() => messages.length === 1);
    const feed = setInterval(() => socket.readyState === socket.OPEN && socket.send(Buffer.alloc(320)), 100);
    const [key] = await h.runtime.accounts.listKeys(other.accountId);
    await h.runtime.accounts.revokeKey(key.id);
    try {
      assert.equal(await closed, 1008);
    } finally {
      clearInterval(feed);
    }
    assert.match(messages.find((m) => m.type === 'error').error, /revoked/);
    const refused = new WebSocket(`${base}/v1/audio/transcriptions/stream?api_token=${token}`);
    const status = await new Promise<number>((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    assert.equal(status, 401);
  });
});
