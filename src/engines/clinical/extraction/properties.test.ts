// Property: whatever schema (within our generators) and text, the output conforms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { compileSchema, extract } from './index.ts';
import { schemaArbitrary, textArbitrary } from './testing/arbitraries.ts';

test('output always validates against generated schemas', () => {
  fc.assert(
    fc.property(schemaArbitrary(), textArbitrary(), (schema, text) => {
      const compiled = compileSchema(schema);
      if (!compiled.ok) return true; // intake refusals are tested elsewhere
      const { data, meta } = extract(text, schema);
      assert.equal(compiled.validate(data), true, `invalid output: ${compiled.errors()}`);
      for (const e of (meta as { evidence: { start: number; end: number }[] }).evidence) {
        assert.ok(e.start >= 0 && e.end <= text.length && e.start <= e.end, 'evidence span inside the text');
      }
    }),
    { numRuns: 200, seed: 20261122 },
  );
});

test('generated schemas are accepted by intake', () => {
  fc.assert(fc.property(schemaArbitrary(), (schema) => compileSchema(schema).ok), { numRuns: 100 });
});
