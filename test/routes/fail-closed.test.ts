// Fail closed: every registered route declares its auth scheme, and a route without one
// stops the app from starting.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, startHarness } from '../helpers/harness.ts';

describe('fail closed', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', { workers: false });
  });
  after(() => h.close());

  test('walking every registered route: without credentials only the open ones answer', async () => {
    const routes = walkRoutes(h.app.printRoutes({ commonPrefix: false }));
    assert.ok(routes.length > 30, `walked ${routes.length} routes`);
    const open: string[] = [];
    for (const { method, url } of routes) {
      if (method === 'HEAD') continue;
      const concrete = url.replace(/:[A-Za-z]+/g, 'x_1');
      const res = await h.app.inject({ method: method as 'GET', url: concrete });
      if (res.statusCode !== 401) open.push(`${method} ${url}`);
    }
    // Open on purpose: probes, the API description, the dashboard's own sign-in (its pages
    // check the session cookie themselves), and the WebSocket (it checks its token itself).
    for (const r of open) assert.match(r, /^GET \/(healthz|readyz|openapi\.json|docs|v1\/audio\/transcriptions\/stream)$|^(GET|POST) \/dashboard/, r);
  });

  test('a route without config.auth is refused at start-up', async () => {
    const { buildApp } = await import('../../src/app.ts');
    const app = await buildApp(h.runtime, { logger: false });
    assert.throws(() => app.get('/v1/forgotten', async () => ({})), /declares no auth scheme/);
    await app.close();
  });
});

/** Every method and full path of Fastify's printRoutes tree (each level indents by 4). */
function walkRoutes(tree: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    stack[depth] = (depth ? stack[depth - 1] : '') + match[2];
    stack.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack[depth] });
  }
  return routes;
}
