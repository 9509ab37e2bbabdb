// The committed src/schema.d.ts is what the server's /openapi.json generates today; after an
// API change, run `npm run -w @clinscribe/sdk generate`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { typesFromOpenApi } from '../src/generate-types.ts';
import { openApiDocument } from '../scripts/openapi-document.ts';

test('the SDK types match the server API', async () => {
  const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../src/schema.d.ts'), 'utf8');
  const generated = await typesFromOpenApi(await openApiDocument());
  assert.ok(committed === generated, 'packages/sdk/src/schema.d.ts is out of date: run `npm run -w @clinscribe/sdk generate` and commit it');
});
