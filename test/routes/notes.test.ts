import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, finished, startHarness } from '../helpers/harness.ts';
import { echoEngines, flakyNotes, refusingNotes } from '../helpers/test-engines.ts';

const transcript = '[doctor] how are you feeling today\n[patient] my knee hurts when i walk';

for (const store of STORES) {
  describe(`notes (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
    });
    after(() => h.close());

    test('create → processing, then completed with payload; v1 and v2 read each other', async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      assert.equal(created.statusCode, 202);
      const { noteId, status } = created.json().data;
      assert.match(noteId, /^note_[A-Za-z0-9]+$/);
      assert.equal(status, 'processing');
      const done = await finished(h, `/v2/notes/${noteId}`, h.stable);
      assert.equal(done.data.status, 'completed');
      assert.equal(done.data.noteId, noteId);
      assert.equal(done.data.payload.json.words, 13);
      assert.match(done.data.payload.markdown, /Words: 13/);
      assert.ok(Date.parse(done.data.createdAt) <= Date.parse(done.data.updatedAt));
      const v1 = await h.app.inject({ method: 'GET', url: `/v1/notes/${noteId}`, headers: h.stable });
      assert.deepEqual(v1.json(), done);
    });

    test('format is accepted as an alias of type, and context fields are kept', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v2/notes',
        headers: h.stable,
        payload: { transcript, noteType: { format: 'soap' }, medicationList: 'metformin, lisinopril', patientInfo: { gender: 'female' } },
      });
      assert.equal(res.statusCode, 202);
      const done = await finished(h, `/v2/notes/${res.json().data.noteId}`, h.stable);
      assert.equal(done.data.payload.json.type, 'soap');
    });

    test('delete removes the note; a second delete and a get answer 404', async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      const { noteId } = created.json().data;
      await finished(h, `/v1/notes/${noteId}`, h.stable);
      // Clients that send Content-Type: application/json on every request, body or not.
      const del = await h.app.inject({ method: 'DELETE', url: `/v1/notes/${noteId}`, headers: { ...h.stable, 'content-type': 'application/json' } });
      assert.equal(del.statusCode, 200);
      assert.deepEqual(del.json(), { data: { noteId, deleted: true } });
      const again = await h.app.inject({ method: 'DELETE', url: `/v2/notes/${noteId}`, headers: h.stable });
      assert.equal(again.statusCode, 404);
      const get = await h.app.inject({ method: 'GET', url: `/v1/notes/${noteId}`, headers: h.stable });
      assert.equal(get.statusCode, 404);
      assert.equal(get.json().status, 'error');
      assert.equal(get.json().data.code, 'not_found');
    });

    test('bad bodies answer 400 in the v1 error shape, oversize 413', async () => {
      const cases: [unknown, string][] = [
        [{ transcript: '   ', noteType: { type: 'soap' } }, 'transcript'],
        [{ noteType: { type: 'soap' } }, 'transcript'],
        [{ transcript }, 'noteType'],
        [{ transcript, noteType: { type: 'poem' } }, 'noteType.type'],
        [{ transcript, noteType: { type: 'note_style' } }, 'noteType.template'],
        [{ transcript: 42, noteType: { type: 'soap' } }, 'transcript'],
        [{ transcript, noteType: { type: 'soap' }, language: 'not a language!' }, 'language'],
      ];
      for (const [payload, field] of cases) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: payload as object });
        assert.equal(res.statusCode, 400, field);
        const body = res.json();
        assert.equal(body.status, 'error');
        assert.equal(body.errorType, 'ValidationError');
        assert.equal(body.data.code, 'validation_error');
        assert.ok(Object.keys(body.data.validationErrors).some((k) => k.startsWith(field.split('.')[0])), `${field}: ${JSON.stringify(body.data.validationErrors)}`);
        assert.ok(!Number.isNaN(Date.parse(body.date)));
      }
      const malformed = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: { ...h.stable, 'content-type': 'application/json' }, payload: '{"transcript":' });
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.json().data.code, 'validation_error');
      const huge = await h.app.inject({
        method: 'POST',
        url: '/v1/notes',
        headers: h.stable,
        payload: { transcript: 'a'.repeat(h.runtime.config.maxTranscriptChars + 1), noteType: { type: 'soap' } },
      });
      assert.equal(huge.statusCode, 413);
      assert.equal(huge.json().data.code, 'payload_too_large');
    });

    test('Idempotency-Key replays the first response; another body with it is 422', async () => {
      const headers = { ...h.stable, 'idempotency-key': `k-${store}-1` };
      const payload = { transcript, noteType: { type: 'soap' } };
      const first = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload });
      const second = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload });
      assert.equal(second.statusCode, 202);
      assert.equal(second.json().data.noteId, first.json().data.noteId);
      assert.equal(second.headers['idempotent-replayed'], 'true');
      const conflict = await h.app.inject({ method: 'POST', url: '/v1/notes', headers, payload: { ...payload, transcript: 'other' } });
      assert.equal(conflict.statusCode, 422);
      assert.equal(conflict.json().data.code, 'idempotency_conflict');
    });

    test("another account's note answers 404", async () => {
      const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      const other = await h.newAccount();
      const headers = { 'x-api-key': other.apiKey, 'x-account-id': other.accountId };
      const { noteId } = created.json().data;
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await h.app.inject({ method, url: `/v1/notes/${noteId}`, headers });
        assert.equal(res.statusCode, 404);
      }
    });
  });
}

describe('note jobs that fail', () => {
  test('an engine refusal ends the note failed with its message; GET is 200', async () => {
    const h = await startHarness('sqlite', { engines: refusingNotes('language "xx" is not supported') });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'failed');
      assert.equal(done.data.error, 'language "xx" is not supported');
      assert.equal(done.data.payload, undefined);
    } finally {
      await h.close();
    }
  });

  test('without an engine the job fails saying which engine is missing', async () => {
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_NOTES_ENGINE: 'none' } });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'failed');
      assert.match(done.data.error, /No note engine is available/);
    } finally {
      await h.close();
    }
  });

  test('unexpected errors are retried and the job still completes', async () => {
    const engines = flakyNotes(2);
    const h = await startHarness('sqlite', { engines });
    try {
      const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'soap' } } });
      const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'completed');
      assert.equal(engines.calls(), 3);
    } finally {
      await h.close();
    }
  });
});
