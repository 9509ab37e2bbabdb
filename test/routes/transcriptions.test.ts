import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';
import { multipart, wav } from '../helpers/audio.ts';

for (const store of STORES) {
  describe(`transcriptions (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), config: { maxUploadBytes: 64 * 1024 } });
    });
    after(() => h.close());

    const upload = (parts: Parameters<typeof multipart>[0]) => {
      const { body, contentType } = multipart(parts);
      return h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers: { ...h.stable, 'content-type': contentType }, payload: body });
    };

    test('upload → 201 pending; GET while open has only id/status/timestamps; completes; DELETE 204', async () => {
      const res = await upload([
        { name: 'language', value: 'en-US' },
        { name: 'audio', value: wav(1600), filename: 'visit.wav' },
      ]);
      assert.equal(res.statusCode, 201, res.body);
      const data = res.json().data;
      assert.match(data.id, /^tr_[A-Za-z0-9]+$/);
      assert.equal(data.status, 'pending');
      assert.deepEqual(Object.keys(data).sort(), ['created_at', 'id', 'status', 'updated_at']);
      const done = await finished(h, `/v2/audio/transcriptions/${data.id}`, h.stable);
      assert.equal(done.data.status, 'completed');
      assert.ok(Array.isArray(done.data.result.channels));
      const del = await h.app.inject({ method: 'DELETE', url: `/v2/audio/transcriptions/${data.id}`, headers: h.stable });
      assert.equal(del.statusCode, 204);
      assert.equal((await h.app.inject({ method: 'GET', url: `/v2/audio/transcriptions/${data.id}`, headers: h.stable })).statusCode, 404);
    });

    test('no file, empty file, non-audio → 400; too large → 413; bad language → 422', async () => {
      const noFile = await upload([{ name: 'language', value: 'en' }]);
      assert.equal(noFile.statusCode, 400);
      assert.ok(noFile.json().data.validationErrors.audio);
      const empty = await upload([{ name: 'audio', value: Buffer.alloc(0), filename: 'a.wav' }]);
      assert.equal(empty.statusCode, 400);
      const text = await upload([{ name: 'audio', value: 'this is not audio at all', filename: 'a.wav' }]);
      assert.equal(text.statusCode, 400);
      assert.match(text.json().data.message, /not audio/);
      const big = await upload([{ name: 'audio', value: wav(64 * 1024), filename: 'a.wav' }]);
      assert.equal(big.statusCode, 413);
      assert.equal(big.json().data.code, 'payload_too_large');
      const fr = await upload([
        { name: 'language', value: 'fr' },
        { name: 'audio', value: wav(160), filename: 'a.wav' },
      ]);
      assert.equal(fr.statusCode, 422);
      const garbage = await upload([
        { name: 'language', value: '!!' },
        { name: 'audio', value: wav(160), filename: 'a.wav' },
      ]);
      assert.equal(garbage.statusCode, 422);
      const json = await h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers: h.stable, payload: { audio: 'x' } });
      assert.equal(json.statusCode, 400);
    });

    test('stream tokens are issued to the account', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: { expiresIn: 60 } });
      assert.equal(res.statusCode, 200);
      const { token, data } = res.json();
      assert.equal(token, data.token);
      assert.equal((await h.runtime.streamTokens.verify(token))?.accountId, h.accountId);
      assert.equal(await h.runtime.streamTokens.verify(`${token}x`), undefined);
    });
  });
}
