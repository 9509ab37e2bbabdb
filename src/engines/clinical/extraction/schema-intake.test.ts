import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSchema } from './index.ts';
import { screenPattern } from './regex-screen.ts';

function refused(schema: unknown): string {
  const r = compileSchema(schema);
  assert.equal(r.ok, false, 'schema should be refused');
  return (r as { message: string }).message;
}

test('compiles 2020-12 and draft-07 schemas with formats', () => {
  const modern = compileSchema({ type: 'object', properties: { d: { type: 'string', format: 'date' } }, $defs: { x: { type: 'string' } } });
  assert.ok(modern.ok);
  assert.equal(modern.validate({ d: '2024-02-29' }), true);
  assert.equal(modern.validate({ d: '2024-02-30' }), false);
  assert.match(modern.errors(), /format "date"/);
  const draft7 = compileSchema({
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { s: { type: 'string' } },
    type: 'array',
    items: [{ $ref: '#/definitions/s' }],
    additionalItems: false,
  });
  assert.ok(draft7.ok);
  assert.equal(draft7.validate(['a']), true);
  assert.equal(draft7.validate(['a', 'b']), false);
});

test('caches compiled validators by schema content', () => {
  const a = compileSchema({ type: 'object', properties: { x: { type: 'integer' } } });
  const b = compileSchema({ type: 'object', properties: { x: { type: 'integer' } } });
  assert.ok(a.ok && b.ok);
  assert.equal(a.validate, b.validate);
});

test('schemas with the same $id do not collide', () => {
  assert.ok(compileSchema({ $id: 'https://example.com/s', type: 'string' }).ok);
  const second = compileSchema({ $id: 'https://example.com/s', type: 'integer' });
  assert.ok(second.ok);
  assert.equal(second.validate(3), true);
});

test('refuses remote and unresolvable references', () => {
  assert.match(refused({ properties: { a: { $ref: 'https://evil.example/s.json' } } }), /outside the schema/);
  assert.match(refused({ properties: { a: { $ref: 'other.json#/x' } } }), /only local references/);
  assert.match(refused({ properties: { a: { $ref: '#/$defs/missing' } } }), /does not resolve/);
});

test('refuses huge, deep and crowded schemas', () => {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 40; i++) deep = { type: 'object', properties: { a: deep } };
  assert.match(refused(deep), /nested too deeply/);
  const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`p${i}`, { type: 'string' }]));
  assert.match(refused({ type: 'object', properties: many }), /too many properties/);
  assert.match(refused({ type: 'string', description: 'x'.repeat(200_000) }), /too large/);
  assert.match(refused({ enum: Array.from({ length: 3000 }, (_, i) => i) }), /too many enum values/);
});

test('refuses regexes that can backtrack catastrophically', () => {
  assert.match(refused({ type: 'string', pattern: '^(a+)+$' }), /nests quantifiers/);
  assert.match(refused({ type: 'string', pattern: '(x|xy)*z' }), /nests quantifiers/);
  assert.match(refused({ type: 'object', patternProperties: { '(\\w*)*': {} } }), /patternProperties/);
  assert.match(refused({ type: 'string', pattern: '(a)\\1' }), /backreference/);
  assert.match(refused({ type: 'string', pattern: '([a-' }), /not a valid regular expression/);
  for (const safe of ['^\\d{3}-\\d{4}$', '^[A-Z][a-z]+$', '^(\\d{1,3}\\.){3}\\d{1,3}$', '^(?:[a-z]+)$', '[a-z]*(?:-[a-z]+)?']) {
    assert.equal(screenPattern(safe), undefined, 'pattern should pass the screen');
  }
});

test('invalid schemas get a message naming the problem, not the caller text', () => {
  const msg = refused({ type: 'object', properties: { secret_field: { type: 'strnig', description: 'PATIENT-TEXT-42' } } });
  assert.match(msg, /schema is invalid/);
  assert.doesNotMatch(msg, /PATIENT-TEXT-42/);
  assert.match(refused('not a schema'), /JSON Schema object/);
  assert.match(refused({ $schema: 'http://json-schema.org/draft-04/schema#' }), /unsupported \$schema/);
  assert.match(refused({ properties: { a: { $data: '1/x' } } }), /\$data/);
});
