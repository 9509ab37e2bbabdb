// Tests for the text-to-JSON scorer: leaf comparison rules, array alignment, null handling
// and the three metrics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addCounts, childSchema, emptyCounts, metrics, normaliseText, sameLeaf, scoreLeaves } from './t2j-score.ts';

const score = (gold: unknown, answer: unknown, schema: Record<string, unknown> = {}) => metrics(addCounts(emptyCounts(), scoreLeaves(gold, answer, schema)));

test('strings match after case, punctuation, spacing and number formatting', () => {
  assert.equal(normaliseText('  Dr. Hannah  OKAFOR '), 'dr hannah okafor');
  assert.equal(normaliseText('1,000 mg'), '1000 mg');
  assert.equal(normaliseText('HbA1c 8.0%'), 'hba1c 8%');
  assert.ok(sameLeaf('15mg', '15 mg', {}));
  assert.ok(sameLeaf('5085550112', '508-555-0112', {}));
  assert.ok(sameLeaf('type 2 diabetes mellitus', 'type 2 diabetes', {}));
  assert.ok(!sameLeaf('2.5 mg', '25 mg', {}));
  assert.ok(!sameLeaf('penicillin allergy', 'penicillin', {}), 'one-token gold needs an exact match');
  assert.ok(!sameLeaf('type 1 diabetes', 'type 2 diabetes', {}));
});

test('ICD-10-CM codes compare with or without the dot, never loosely', () => {
  assert.ok(sameLeaf('E1165', 'E11.65', {}));
  assert.ok(sameLeaf('e11.65', 'E11.65', {}));
  assert.ok(!sameLeaf('E11.9', 'E11.65', {}));
});

test('numbers have a small tolerance; enums and booleans are exact', () => {
  assert.ok(sameLeaf(37.06, 37.1, {}));
  assert.ok(sameLeaf(96.16, 96.2, {}));
  assert.ok(!sameLeaf(37.3, 37.1, {}));
  assert.ok(!sameLeaf('37.1', 37.1, {}), 'a number must be a number');
  assert.ok(!sameLeaf('once Daily', 'once daily', { enum: ['once daily', 'twice daily'] }));
  assert.ok(sameLeaf('once daily', 'once daily', { enum: ['once daily', 'twice daily'] }));
  assert.ok(!sameLeaf(0, false, {}));
});

test('null gold is right only when the answer is silent', () => {
  assert.ok(sameLeaf(undefined, null, {}));
  assert.ok(sameLeaf(null, null, {}));
  assert.ok(!sameLeaf('mg', null, {}));
  const m = score({ a: null, b: 'x' }, { a: 'made up', b: 'x' });
  assert.equal(m.fieldAccuracy, 0.5);
  assert.equal(m.precision, 0.5, 'an answer where the gold is null costs precision');
  assert.equal(m.recall, 1);
});

test('recall counts only non-null gold leaves; precision only non-null answers', () => {
  const m = score({ a: 'x', b: 'y', c: null }, { a: 'x' });
  assert.deepEqual(m, { fieldAccuracy: 2 / 3, precision: 1, recall: 0.5 });
});

test('arrays of objects are aligned by best match, not by order', () => {
  const gold = { meds: [{ drug: 'lisinopril', dose: 40 }, { drug: 'Lasix', dose: 20 }] };
  const answer = { meds: [{ drug: 'lasix', dose: 20 }, { drug: 'Lisinopril', dose: 40 }] };
  assert.deepEqual(score(gold, answer), { fieldAccuracy: 1, precision: 1, recall: 1 });
  const partial = score(gold, { meds: [{ drug: 'Lasix', dose: 40 }] });
  assert.equal(partial.recall, 1 / 4);
  assert.equal(partial.precision, 1 / 2);
});

test('unmatched answer items are extras that cost precision', () => {
  const gold = { meds: [{ drug: 'aspirin' }] };
  const m = score(gold, { meds: [{ drug: 'aspirin' }, { drug: 'warfarin', dose: 5 }] });
  assert.equal(m.recall, 1);
  assert.equal(m.precision, 1 / 3);
});

test('arrays of strings match order-insensitively; an empty gold list wants an empty answer', () => {
  assert.deepEqual(score({ t: ['MRI', 'x-ray'] }, { t: ['X-Ray', 'mri'] }), { fieldAccuracy: 1, precision: 1, recall: 1 });
  const empty = score({ t: [] }, { t: ['invented'] });
  assert.equal(empty.fieldAccuracy, 0);
  assert.equal(empty.precision, 0);
  assert.deepEqual(score({ t: [] }, {}), { fieldAccuracy: 1, precision: 1, recall: 1 });
});

test('enum rules reach nested items through properties, items and local $ref', () => {
  const schema = {
    $defs: { freq: { enum: ['QD', 'BID'] } },
    properties: { meds: { type: 'array', items: { properties: { freq: { $ref: '#/$defs/freq' } } } } },
  };
  assert.deepEqual(childSchema(childSchema(childSchema(schema, schema, 'meds'), schema, 0), schema, 'freq'), { enum: ['QD', 'BID'] });
  assert.equal(score({ meds: [{ freq: 'QD' }] }, { meds: [{ freq: 'qd' }] }, schema).recall, 0);
});

test('a missing or malformed answer scores zero recall without throwing', () => {
  const gold = { a: { b: [{ c: 1 }] }, d: true };
  assert.equal(score(gold, undefined).recall, 0);
  assert.equal(score(gold, { a: 'not an object', d: 'yes' }).recall, 0);
});

test('an empty string answer is silence, not a value', () => {
  assert.deepEqual(score({ a: null, b: 'x' }, { a: '', b: '' }), { fieldAccuracy: 0.5, precision: 1, recall: 0 });
});
