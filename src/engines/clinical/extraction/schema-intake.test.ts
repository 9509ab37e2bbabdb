import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSchema } from './index.ts';

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

test('refuses references that do not resolve inside the schema, without fetching', () => {
  assert.match(refused({ properties: { a: { $ref: 'https://evil.example/s.json' } } }), /does not resolve/);
  assert.match(refused({ properties: { a: { $ref: 'other.json#/x' } } }), /does not resolve/);
  assert.match(refused({ properties: { a: { $ref: '#/$defs/missing' } } }), /does not resolve/);
  // A reference by the schema's own $id, or to an embedded resource, resolves.
  const own = compileSchema({ $id: 'https://example.com/root.json', definitions: { s: { type: 'string' } }, properties: { a: { $ref: 'https://example.com/root.json#/definitions/s' } } });
  assert.ok(own.ok);
  assert.equal(own.validate({ a: 1 }), false);
});

test('admits real-world sizes and refuses beyond the caps, naming the setting', () => {
  const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(300) }]));
  const big = { type: 'object', properties: many, $defs: { e: { enum: Array.from({ length: 5000 }, (_, i) => `v${i}`) } } };
  assert.ok(Buffer.byteLength(JSON.stringify(big)) > 1_000_000);
  assert.ok(compileSchema(big).ok);
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 300; i++) deep = { type: 'object', properties: { a: deep } };
  assert.match(refused(deep), /nested too deeply/);
  assert.match(refused({ type: 'string', description: 'x'.repeat(5_000_000) }), /too large.*CLINSCRIBE_T2J_MAX_SCHEMA_BYTES/);
});

test('caller patterns run on re2js: nested quantifiers are fine, backreferences and lookaround are refused', () => {
  for (const p of ['^(a+)+$', '(x|xy)*z', '^(?:a{1,12}){1,12}$', '^\\d{3}-\\d{4}$']) assert.ok(compileSchema({ type: 'string', pattern: p }).ok, p);
  assert.ok(compileSchema({ type: 'object', patternProperties: { '(\\w*)*': {} } }).ok);
  const back = compileSchema({ type: 'string', pattern: '(a)\\1' });
  assert.ok(!back.ok && back.refused);
  assert.match((back as { message: string }).message, /pattern at #\/pattern uses a backreference/);
  assert.match(refused({ properties: { a: { type: 'string', pattern: '(?=a)b' } } }), /#\/properties\/a\/pattern uses lookaround/);
  assert.match(refused({ type: 'object', patternProperties: { '(?<!a)b': {} } }), /patternProperties/);
  // Near-matching text against a nested bounded quantifier answers at once.
  const nested = compileSchema({ type: 'string', pattern: '^(?:a{1,12}){1,12}$' });
  assert.ok(nested.ok);
  assert.equal(nested.validate(`${'a'.repeat(144)}b`), false);
  assert.equal(nested.validate('a'.repeat(144)), true);
});

test('every draft in use is judged by its own rules', () => {
  const d4 = compileSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', minimum: 1, exclusiveMinimum: true });
  assert.ok(d4.ok && d4.draft === 'draft-04');
  assert.equal(d4.validate(1), false);
  assert.equal(d4.validate(2), true);
  const d6 = compileSchema({ $schema: 'http://json-schema.org/draft-06/schema#', type: 'number', exclusiveMinimum: 1 });
  assert.ok(d6.ok && d6.draft === 'draft-06');
  assert.equal(d6.validate(1), false);
  const d2019 = compileSchema({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { a: ['b'] } });
  assert.ok(d2019.ok && d2019.draft === '2019-09');
  assert.equal(d2019.validate({ a: 1 }), false);
  const d2020 = compileSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'string' }], items: false });
  assert.ok(d2020.ok && d2020.draft === '2020-12');
  assert.equal(d2020.validate(['a', 'b']), false);
  // Undeclared: draft-04's `id` and boolean exclusives read as draft-04, tuples as draft-07.
  const legacy = compileSchema({ id: 'http://example.com/s', type: 'number', maximum: 3, exclusiveMaximum: true });
  assert.ok(legacy.ok && legacy.draft === 'draft-04');
  const tuple = compileSchema({ items: [{ type: 'string' }], additionalItems: false });
  assert.ok(tuple.ok && tuple.draft === 'draft-07');
});

test('invalid schemas get a message naming the problem, not the caller text', () => {
  const msg = refused({ type: 'object', properties: { secret_field: { type: 'strnig', description: 'PATIENT-TEXT-42' } } });
  assert.match(msg, /schema is invalid/);
  assert.doesNotMatch(msg, /PATIENT-TEXT-42/);
  assert.match(refused('not a schema'), /JSON Schema object/);
});

test('real-world id habits: repeated ids and a nested id under root-relative refs still compile', () => {
  const repeated = compileSchema({ id: 'root', type: 'object', properties: { a: { id: 'Name', type: 'string' }, b: { type: 'object', properties: { c: { id: 'Name', type: 'integer' } } } } });
  assert.ok(repeated.ok);
  assert.equal(repeated.validate({ a: 'x', b: { c: 1 } }), true);
  assert.equal(repeated.validate({ a: 'x', b: { c: 'y' } }), false);
  const nested = compileSchema({ definitions: { lemon: { id: 'schema/lemon', definitions: { size: { enum: ['small', 'large'] } }, properties: { size: { $ref: '#/definitions/lemon/definitions/size' } } } }, properties: { lemon: { $ref: '#/definitions/lemon' } } });
  assert.ok(nested.ok);
  assert.equal(nested.validate({ lemon: { size: 'small' } }), true);
  assert.equal(nested.validate({ lemon: { size: 'huge' } }), false);
});
