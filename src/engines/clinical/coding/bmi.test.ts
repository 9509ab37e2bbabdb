// Body mass index: the Z68 code beside the obesity or overweight assessed (guidelines I.B.14, I.C.21.c.3).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { bmiCode, bodyMassIndex } from './bmi.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('an adult BMI is read from its sentence; a child percentile is not', () => {
  assert.equal(bodyMassIndex('Doctor: Your BMI today is 34.2.'), 34.2);
  assert.equal(bodyMassIndex('Doctor: Her BMI is at the 97th percentile.'), undefined);
  assert.deepEqual([bmiCode(19.5), bmiCode(27.5), bmiCode(34), bmiCode(41.2), bmiCode(72)], ['Z68.1', 'Z68.27', 'Z68.34', 'Z68.41', 'Z68.45']);
});

test('the BMI is coded only beside the obesity or overweight it goes with', () => {
  assert.deepEqual(codes('Doctor: Your BMI is 34, so this is obesity. We will work on diet.'), ['E66.9', 'Z68.34']);
  assert.deepEqual(codes('Doctor: Your BMI is 24. Your blood pressure is fine.'), []);
});
