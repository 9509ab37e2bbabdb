import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, startHarness } from '../helpers/harness.ts';

describe('openapi, docs, health', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { workers: false });
  });
  after(() => h.close());

  test('/openapi.json is OpenAPI 3.1 generated from the routes and names every spec route', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const spec = res.json();
    assert.equal(spec.openapi, '3.1.0');
    const expected: [string, string][] = [
      ['/v1/notes', 'post'],
      ['/v1/notes/{noteId}', 'get'],
      ['/v1/notes/{noteId}', 'delete'],
      ['/v2/notes', 'post'],
      ['/v2/notes/{noteId}', 'get'],
      ['/v2/notes/{noteId}', 'delete'],
      ['/v1/note-styles', 'post'],
      ['/v1/codings', 'post'],
      ['/v1/codings/{id}', 'get'],
      ['/v1/codings/{id}', 'delete'],
      ['/v1/utils/text-to-json', 'post'],
      ['/v2/audio/transcriptions', 'post'],
      ['/v2/audio/transcriptions/{id}', 'get'],
      ['/v2/audio/transcriptions/{id}', 'delete'],
      ['/v1/audio/transcriptions/stream/token', 'post'],
      ['/alpha/note-templates', 'post'],
      ['/alpha/note-templates/{id}', 'get'],
      ['/alpha/note-templates/{id}', 'delete'],
      ['/alpha/consensus', 'post'],
      ['/alpha/consensus/{id}', 'get'],
      ['/alpha/consensus/{id}', 'delete'],
      ['/v1/webhooks', 'post'],
      ['/v1/webhooks', 'get'],
      ['/v1/webhooks/{id}', 'patch'],
      ['/v1/webhooks/{id}/deliveries', 'get'],
    ];
    for (const [path, method] of expected) assert.ok(spec.paths[path]?.[method], `${method} ${path}`);
    assert.ok(spec.paths['/v1/codings']?.post?.responses?.['202']);
    // Each operation names the credentials it needs.
    assert.deepEqual(spec.paths['/v1/notes'].post.security, [{ apiKey: [], accountId: [] }]);
    assert.deepEqual(spec.paths['/alpha/consensus/{id}'].get.security, [{ bearer: [] }]);
    assert.equal(spec.paths['/healthz'].get.security, undefined);
    // An Idempotency-Key reused with another body is 422 on every POST but the stream token's.
    for (const [path, methods] of Object.entries<Record<string, any>>(spec.paths)) {
      if (methods.post && path !== '/v1/audio/transcriptions/stream/token') assert.ok(methods.post.responses['422'], `POST ${path} documents 422`);
    }
  });

  test('/docs is a self-contained page; health and readiness answer', async () => {
    const docs = await h.app.inject({ method: 'GET', url: '/docs' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.headers['content-type'] as string, /text\/html/);
    assert.doesNotMatch(docs.body, /https?:\/\/(?!localhost)[a-z]/i);
    assert.deepEqual((await h.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
    assert.deepEqual((await h.app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready', store: 'sqlite' });
  });
});
