// /openapi.json describes every result payload (issue 14 item 4): each GET of a job, and the
// text-to-JSON answer, carries its typed result schema rather than an untyped object; and
// the serializer writes what the schema declares.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

/** Every `title` anywhere inside a schema. */
function titles(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) titles(s, out);
  else if (schema && typeof schema === 'object') {
    const title = (schema as { title?: unknown }).title;
    if (typeof title === 'string') out.add(title);
    for (const value of Object.values(schema)) titles(value, out);
  }
  return out;
}

const EXPECTED: [string, string, string, string[]][] = [
  ['/v1/notes/{noteId}', 'get', '200', ['Note', 'NotePayload', 'NoteJson']],
  ['/v2/notes/{noteId}', 'get', '200', ['Note', 'NotePayload', 'NoteJson']],
  ['/v1/codings/{id}', 'get', '200', ['Coding', 'CodingResult', 'CodedItem', 'JobFailure']],
  ['/v2/audio/transcriptions/{id}', 'get', '200', ['Transcription', 'TranscriptionResult', 'TranscribedWord', 'JobFailure']],
  ['/v1/utils/text-to-json', 'post', '200', ['ExtractionDetails']],
  ['/alpha/note-templates/{id}', 'get', '200', ['TemplateJob', 'TemplateJobResult', 'NoteTemplate', 'JobFailure']],
  ['/alpha/consensus/{id}', 'get', '200', ['Consensus', 'ConsensusResult', 'JobFailure']],
];

describe('result payloads in OpenAPI', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { engines: echoEngines() });
  });
  after(() => h.close());

  test('each job GET and text-to-JSON documents its result payload', async () => {
    const spec = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [path, method, status, names] of EXPECTED) {
      const operation = spec.paths[path]?.[method];
      assert.ok(operation, `${method} ${path} is in /openapi.json`);
      const found = titles(operation.responses[status]);
      for (const name of names) assert.ok(found.has(name), `${method} ${path} ${status} documents ${name} (has ${[...found].join(', ')})`);
    }
  });

  test('a note is written from its schema: declared fields, with the payload intact', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/v1/notes',
      headers: h.stable,
      payload: { transcript: '[doctor] How is the knee?\n[patient] Better.', noteType: { type: 'soap' } },
    });
    assert.equal(created.statusCode, 202);
    const done = await finished(h, `/v1/notes/${created.json().data.noteId}`, h.stable);
    assert.deepEqual(Object.keys(done.data).sort(), ['createdAt', 'noteId', 'payload', 'status', 'updatedAt']);
    assert.equal(typeof done.data.payload.markdown, 'string');
    assert.equal(typeof done.data.payload.json, 'object');
  });
});
