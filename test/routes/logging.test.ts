// Logs carry ids and statuses, never transcripts, notes or keys.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

test('a note request logs one structured line without the transcript or the key', async () => {
  const h = await startHarness('sqlite', { engines: echoEngines(), env: { CLINSCRIBE_LOG_LEVEL: 'info' } });
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(h.runtime, { logStream: stream });
  try {
    const secret = 'Zyxwvutsrq patient named Quillonby has melanoma';
    const res = await app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: secret, noteType: { type: 'soap' } } });
    assert.equal(res.statusCode, 202);
    await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
    await app.inject({ method: 'POST', url: '/v1/notes', headers: { ...h.stable, 'x-api-key': 'csk_wrong' }, payload: { transcript: secret } });
    const log = lines.join('');
    assert.ok(lines.length >= 2);
    assert.doesNotMatch(log, /Quillonby|melanoma|Zyxwvutsrq/);
    assert.ok(!log.includes(h.apiKey));
    const entry = JSON.parse(lines[0]);
    assert.equal(entry.route, '/v1/notes');
    assert.equal(entry.status, 202);
    assert.equal(entry.account, h.accountId);
  } finally {
    await app.close();
    await h.close();
  }
});
