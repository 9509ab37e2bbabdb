// A condition made specific by the words of its sentence (specify.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
const assessed = (line: string): string[] => codes(`ASSESSMENT\n${line}\nPLAN\nWe will treat this.`);

test('a type said after the condition is looked up as the index says it, type first (Asthma, mild intermittent J45.20)', () => {
  assert.deepEqual(assessed('Asthma is mild intermittent.'), ['J45.20']);
  assert.deepEqual(assessed('Major depression, recurrent.'), ['F33.9']);
  assert.deepEqual(assessed('Asthma, which is moderate persistent.'), ['J45.40']);
});

test('a negated type or one in the next sentence is no type of the condition', () => {
  assert.deepEqual(assessed('Asthma is not severe.'), ['J45.909']);
  assert.deepEqual(assessed('Asthma. Severe persistent cough.'), ['J45.909']);
});

test('the next condition of a list is no type of the one before ("anxiety, depression")', () => {
  assert.deepEqual(assessed('Anxiety, depression.'), ['F32.A', 'F41.9']);
});
