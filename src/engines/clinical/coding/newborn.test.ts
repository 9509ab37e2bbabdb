// A newborn's signs and symptoms take the Alphabetic Index's "newborn" subterms (newborn.ts, select.ts newbornSymptoms).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { newbornRecord } from './newborn.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('an infant whose age is given in days or weeks within the first 28 days is a newborn; older, or a symptom\'s age, is not', () => {
  assert.ok(newbornRecord('Mom: She is ten days old.'));
  assert.ok(newbornRecord('Nurse: Three week old girl, born at term.'));
  assert.ok(!newbornRecord('Mom: She is six weeks old.'));
  assert.ok(!newbornRecord('Mom: He is eleven months old.'));
  assert.ok(!newbornRecord('Patient: The rash is two weeks old.'));
});

test("a newborn's fever is Fever, newborn P81.9; an older infant's is R50.9", () => {
  assert.deepEqual(codes('Doctor: What brings you in?\nGuest_family: He has had a fever since last night.\nDoctor: How old is he?\nGuest_family: He is twelve days old.'), ['P81.9']);
  assert.deepEqual(codes('Doctor: What brings you in?\nGuest_family: He has had a fever since last night.\nDoctor: How old is he?\nGuest_family: He is nine months old.'), ['R50.9']);
});
