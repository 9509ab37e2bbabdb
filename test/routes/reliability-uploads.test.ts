// Idempotency-Key on multipart uploads: matched on the form fields and the audio's SHA-256
// (computed while the file streams to disk), so a different file under one key is refused.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, startHarness } from '../helpers/harness.ts';
import { type FormPart, multipart, wav } from '../helpers/audio.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`idempotent uploads (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines(), workers: false });
    });
    after(() => h.close());

    const upload = (key: string, parts: FormPart[]) => {
      const { body, contentType } = multipart(parts);
      const headers = { ...h.stable, 'content-type': contentType, 'idempotency-key': key };
      return h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers, payload: body });
    };
    const audio = (samples: number): FormPart => ({ name: 'audio', value: wav(samples), filename: 'visit.wav' });

    test('the same upload replays; another file or another field under the key is 422; no stray audio is kept', async () => {
      const first = await upload('up-1', [{ name: 'language', value: 'en' }, audio(1600)]);
      assert.equal(first.statusCode, 201, first.body);
      const again = await upload('up-1', [{ name: 'language', value: 'en' }, audio(1600)]);
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.json().data.id, first.json().data.id);

      const otherFile = await upload('up-1', [{ name: 'language', value: 'en' }, audio(3200)]);
      assert.equal(otherFile.statusCode, 422);
      assert.equal(otherFile.json().data.code, 'idempotency_conflict');
      const otherField = await upload('up-1', [{ name: 'language', value: 'en' }, { name: 'dictation', value: 'true' }, audio(1600)]);
      assert.equal(otherField.statusCode, 422);

      const uploads = fs.readdirSync(h.runtime.resources.audioPath(''));
      assert.deepEqual(uploads, [`${first.json().data.id}.audio`]);
    });
  });
}
