// Checks the committed text-to-JSON evaluation set: shape of every case, gold valid against
// its schema, unique ids, bounded texts, and a held-out third in every style.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadEvalSet, validatorFor } from './load.ts';

const cases = loadEvalSet();

test('the set has at least 150 cases with unique ids and the documented shape', () => {
  assert.ok(cases.length >= 150, `${cases.length} cases`);
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  for (const c of cases) {
    assert.ok(c.split === 'dev' || c.split === 'heldout', c.id);
    assert.ok(c.source.corpus && c.source.file && c.source.row, c.id);
    assert.ok(c.text.trim().length > 0 && c.text.split(/\s+/).length <= 2100, c.id);
    assert.equal(typeof c.schema, 'object', c.id);
  }
});

test('every gold answer validates against its own schema', () => {
  for (const c of cases) {
    const validate = validatorFor(c.schema);
    assert.ok(validate(c.gold), `${c.id}: ${JSON.stringify(validate.errors)}`);
  }
});

test('about a third of every style is held out', () => {
  for (const style of new Set(cases.map((c) => c.style))) {
    const mine = cases.filter((c) => c.style === style);
    const share = mine.filter((c) => c.split === 'heldout').length / mine.length;
    assert.ok(share >= 0.25 && share <= 0.4, `${style}: ${share}`);
  }
});
