// The SDK against a real clinscribe server process (SQLite, embedded engines, PocketSphinx).
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Clinscribe, ClinscribeApiError, ClinscribeJobFailedError, verifyWebhook } from '@clinscribe/sdk';
import { SAMPLE_VISIT, type SpokenAudio, speakDialogue, wav } from '../../../test/helpers/audio.ts';
import { eventually, testEnv } from '../../../test/helpers/harness.ts';
import { runCli, startProcess, stopGracefully } from '../../../test/helpers/processes.ts';
import { type Receiver, startReceiver } from '../../../test/helpers/receiver.ts';
import { type FlakyProxy, startFlakyProxy } from './flaky-proxy.ts';

const TRANSCRIPT = `[doctor] What brings you in today?
[patient] I've had a cough for two weeks. I take lisinopril 10 mg daily.
[doctor] Any allergies?
[patient] Penicillin gives me a rash.
[doctor] Blood pressure is 138 over 84 and heart rate 72. This is acute bronchitis; start albuterol two puffs every four hours as needed.`;

describe('@clinscribe/sdk against a server process', () => {
  let server: { child: ChildProcess; url: string };
  let cleanup: () => Promise<void>;
  let client: Clinscribe;
  let credentials: { accountId: string; apiKey: string };
  let receiver: Receiver;
  let speech: SpokenAudio;

  before(async () => {
    // Engines share the server's event loop; a busy machine must not shed these requests.
    const env = testEnv('sqlite', { CLINSCRIBE_MAX_EVENT_LOOP_DELAY_MS: '0' });
    cleanup = env.cleanup;
    const created = await runCli(['accounts', 'create', '--name', 'SDK clinic', '--alpha'], env.env);
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout);
    credentials = { accountId: account.account_id, apiKey: account.api_key };
    server = await startProcess(['bin/clinscribe.js', 'serve', '--port', '0', '--host', '127.0.0.1'], env.env);
    client = new Clinscribe({ baseUrl: server.url, ...credentials });
    receiver = await startReceiver();
    speech = await speakDialogue(SAMPLE_VISIT);
  });
  after(async () => {
    speech?.cleanup();
    await receiver?.close();
    if (server) await stopGracefully(server.child);
    await cleanup?.();
  });

  test('notes.createAndWait returns the completed note; notes.fhir its R4 document', async () => {
    const note = await client.notes.createAndWait({ transcript: TRANSCRIPT, noteType: { type: 'soap' } }, { timeoutMs: 60_000 });
    assert.equal(note.status, 'completed');
    assert.match(note.payload!.markdown, /bronchitis/i);
    assert.equal(((note.payload!.json.subjective as { allergies: { substance: string }[] }).allergies[0]!.substance), 'Penicillin');
    const bundle = await client.notes.fhir(note.noteId);
    assert.equal(bundle.type, 'document');
    assert.equal(bundle.entry?.[0]?.resource?.resourceType, 'Composition');
    assert.deepEqual(await client.notes.delete(note.noteId), { noteId: note.noteId, deleted: true });
    await assert.rejects(client.notes.get(note.noteId), (e: unknown) => e instanceof ClinscribeApiError && e.status === 404);
  });

  test('codings, text-to-JSON and note templates', async () => {
    const coding = await client.codings.createAndWait({ text: TRANSCRIPT });
    const codes = (coding.result!.diagnoses as { code: { coding: { code: string }[] } }[]).map((d) => d.code.coding[0]!.code);
    assert.ok(codes.includes('J20.9'));
    const conditions = await client.codings.fhir(coding.id);
    assert.equal(conditions.type, 'collection');
    await client.codings.delete(coding.id);

    const extracted = await client.textToJson.extract({
      text: 'Blood pressure 138/84, heart rate 72.',
      schema: { type: 'object', properties: { heartRate: { type: 'integer' } } },
    } as never);
    assert.equal((extracted as { data?: { heartRate?: number } }).data?.heartRate ?? (extracted as { heartRate?: number }).heartRate, 72);

    const job = await client.noteTemplates.createAndWait({ mode: 'generation', description: 'A short visit note with history, allergies and plan.' });
    assert.ok((job.result as { template?: { sections?: unknown[] } }).template?.sections?.length);
    assert.deepEqual(await client.noteTemplates.delete(job.id), { id: job.id, deleted: true });
  });

  test('a failed job throws a typed error with the server reason', async () => {
    // No language model is configured, so consensus jobs fail with a reason.
    await assert.rejects(client.consensus.createAndWait({ query: 'Is amoxicillin safe in pregnancy?' }), (e: unknown) => {
      assert.ok(e instanceof ClinscribeJobFailedError);
      assert.match(e.reason, /language model|CLINSCRIBE_LLM/);
      return true;
    });
  });

  test('uploads take a path, a Buffer or a stream', async () => {
    const fromPath = await client.transcriptions.createAndWait({ audio: speech.path }, { timeoutMs: 120_000 });
    assert.equal(fromPath.status, 'completed');
    // Recognition quality is measured by the speech benchmarks; here the words only have to arrive.
    assert.ok((fromPath.result as { channels: { words: unknown[] }[] }).channels[0]!.words.length > 0);
    const fromBuffer = await client.transcriptions.create({ audio: wav(16000), language: 'en' });
    const fromStream = await client.transcriptions.create({ audio: fs.createReadStream(speech.path) });
    for (const t of [fromBuffer, fromStream]) {
      assert.match(t.id, /^tr_/);
      await client.transcriptions.delete(t.id);
    }
    await assert.rejects(client.transcriptions.create({ audio: Buffer.from('not audio at all') }), (e: unknown) => e instanceof ClinscribeApiError && e.status === 400);
  });

  test('webhooks: register, deliveries signed as verifyWebhook expects, rotate, redeliver, delete', async () => {
    const endpoint = await client.webhooks.create({ url: receiver.url, events: ['coding.succeeded'] });
    assert.match(endpoint.secret!, /^whsec_/);
    await client.codings.createAndWait({ text: 'The patient has a cough.' });
    const delivery = await eventually(async () => receiver.received[0]);
    const signature = String(delivery.headers['x-service-signature']);
    assert.equal(verifyWebhook(delivery.body, signature, endpoint.secret!), true);
    assert.equal(verifyWebhook(`${delivery.body} `, signature, endpoint.secret!), false);
    assert.equal(verifyWebhook(delivery.body, signature, 'whsec_wrong'), false);

    const rotated = await client.webhooks.update(endpoint.id, { rotateSecret: true });
    assert.notEqual(rotated.secret, endpoint.secret);
    const [logged] = await client.webhooks.deliveries(endpoint.id, { limit: 5 });
    const again = await client.webhooks.redeliver(endpoint.id, logged!.id);
    assert.equal(again.event_id, logged!.event_id);
    const redelivered = await eventually(async () => receiver.received[1]);
    // During the overlap both secrets sign.
    for (const secret of [endpoint.secret!, rotated.secret!]) assert.ok(verifyWebhook(redelivered.body, String(redelivered.headers['x-service-signature']), secret));
    assert.equal((await client.webhooks.list()).length, 1);
    await client.webhooks.delete(endpoint.id);
    assert.equal((await client.webhooks.list()).length, 0);
  });

  describe('retries', () => {
    let proxy: FlakyProxy;
    before(async () => {
      proxy = await startFlakyProxy(server.url);
    });
    after(() => proxy.close());

    test('a lost answer is retried after Retry-After with the same Idempotency-Key: one note, not two', async () => {
      proxy.failNext({ times: 1, status: 503, retryAfterSeconds: 1, afterForwarding: true });
      const flaky = new Clinscribe({ baseUrl: proxy.url, ...credentials });
      const started = Date.now();
      const created = await flaky.notes.create({ transcript: TRANSCRIPT, noteType: { type: 'soap' } });
      assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
      const posts = proxy.seen.filter((r) => r.method === 'POST');
      assert.equal(posts.length, 2);
      assert.ok(posts[0]!.idempotencyKey);
      assert.equal(posts[0]!.idempotencyKey, posts[1]!.idempotencyKey);
      assert.equal(posts[0]!.forwardedBody && JSON.parse(posts[0]!.forwardedBody).data.noteId, created.noteId, 'the retry got the first note back');
    });

    test('429 is retried; after maxRetries the error surfaces', async () => {
      proxy.failNext({ times: 1, status: 429, retryAfterSeconds: 0 });
      const flaky = new Clinscribe({ baseUrl: proxy.url, ...credentials, maxRetries: 2, baseDelayMs: 10 });
      assert.ok(Array.isArray(await flaky.webhooks.list()));
      proxy.failNext({ times: 5, status: 502 });
      await assert.rejects(flaky.webhooks.list(), (e: unknown) => e instanceof ClinscribeApiError && e.status === 502);
    });
  });
});
