import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extract } from './engine.ts';
import { compileSchema } from './schema-intake.ts';
import { stringForPattern } from './pattern-gen.ts';

/** The engine's answer for a text that says nothing relevant must still validate. */
function answer(schema: unknown, text = 'Patient seen today. No complaints.'): unknown {
  const data = extract(text, schema).data;
  const compiled = compileSchema(schema);
  assert.ok(compiled.ok);
  assert.equal(compiled.validate(data), true, `${JSON.stringify(schema).slice(0, 120)} → ${JSON.stringify(data).slice(0, 120)}: ${compiled.errors()}`);
  return data;
}

test('every keyword family gets a valid instance', () => {
  const schemas: unknown[] = [
    { type: 'object', required: ['a'], properties: { a: { allOf: [{ type: 'integer', minimum: 3 }, { multipleOf: 5 }] } } },
    { type: 'object', required: ['u'], properties: { u: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] } } },
    { type: 'object', required: ['n'], properties: { n: { type: 'string', not: { enum: ['', 'a'] }, minLength: 1 } } },
    { type: 'object', required: ['kind'], properties: { kind: { enum: ['x', 'y'] } }, if: { properties: { kind: { const: 'x' } } }, then: { required: ['xv'], properties: { xv: { type: 'string', format: 'email' } } }, else: { required: ['yv'] } },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' } }, dependentRequired: { a: ['b'] } },
    { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', required: ['a'], dependentSchemas: { a: { required: ['c'], properties: { c: { type: 'integer', minimum: 2 } } } } },
    { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', required: ['a'], dependencies: { a: ['b'] }, properties: { a: { type: 'number', minimum: 0, exclusiveMinimum: true }, b: { type: 'string', format: 'date-time' } } },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['a'], properties: { a: { type: 'string' } }, unevaluatedProperties: false, minProperties: 1 },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false, minItems: 1 },
    { type: 'object', minProperties: 2, patternProperties: { '^x-[a-z]+$': { type: 'integer', minimum: 1 } }, additionalProperties: false },
    { type: 'object', minProperties: 1, propertyNames: { pattern: '^[A-Z]{3}$' } },
    { type: 'array', contains: { type: 'string', format: 'uuid' }, minContains: 2, uniqueItems: true, items: { type: 'string' } },
    { type: 'array', minItems: 4, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 10 } },
    { type: 'number', minimum: 0.1, multipleOf: 0.1 },
    { type: 'object', required: ['c'], properties: { c: { const: { deep: [1, 2] } } } },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { tree: { $dynamicAnchor: 'node', type: 'object', properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } } } } }, $ref: '#/$defs/tree', required: ['kids'] },
    { $id: 'https://example.com/root.json', definitions: { code: { $id: 'code.json', type: 'string', pattern: '^[A-Z]\\d{2}(\\.\\d{1,4})?$' } }, type: 'object', required: ['icd'], properties: { icd: { $ref: 'code.json' } } },
    { type: 'object', required: ['f'], properties: { f: { type: 'object', required: ['ipv4', 'host', 'uri', 'dur', 'ptr', 'time'], properties: { ipv4: { format: 'ipv4', type: 'string' }, host: { format: 'hostname', type: 'string' }, uri: { format: 'uri', type: 'string' }, dur: { format: 'duration', type: 'string' }, ptr: { format: 'json-pointer', type: 'string' }, time: { format: 'time', type: 'string' } } } } },
    { type: 'object', required: ['p'], properties: { p: { type: 'string', pattern: '^(\\+\\d{1,3} )?\\(\\d{3}\\) \\d{3}-\\d{4}$', minLength: 14 } } },
  ];
  const failed = schemas.filter((schema) => {
    try {
      answer(schema);
      return false;
    } catch (error) {
      console.log(JSON.stringify(schema).slice(0, 150), (error as Error).message.slice(0, 300));
      return true;
    }
  });
  assert.equal(failed.length, 0);
});

test('the text fills what fits; the rest is the smallest valid value', () => {
  const data = answer({ type: 'object', required: ['age', 'code'], properties: { age: { type: 'integer', minimum: 0 }, code: { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$' } } }, 'A 54-year-old man.') as Record<string, unknown>;
  assert.equal(data.age, 54);
  assert.match(String(data.code), /^[A-Z]{2}-\d{3}$/);
});

test('pattern strings are built from the linear-time program and respect length bounds', () => {
  assert.equal(stringForPattern('^\\d{3}-\\d{4}$'), '000-0000');
  const long = stringForPattern('^[a-z]+$', 20, 25)!;
  assert.ok(long.length >= 20 && long.length <= 25 && /^[a-z]+$/.test(long));
  assert.equal(stringForPattern('^a{3}$', 0, 2), undefined);
  const tail = stringForPattern('x$', 5, 9)!;
  assert.ok(tail.length >= 5 && tail.endsWith('x'));
});

test('a schema no value satisfies is refused naming a keyword and location, not answered invalid', () => {
  const schema = { type: 'object', required: ['d'], properties: { d: { type: 'object', required: ['a', 'b'], oneOf: [{ required: ['a'] }, { required: ['b'] }] } } };
  assert.throws(() => extract('Patient seen today.', schema), /admits no value.*(oneOf|required) at #\/d/);
});
