// What the clinician takes up of the patient's words: a symptom asked back about (follow-up.ts), or stated for assent (assent.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('a symptom beside a stated diagnosis is coded when the clinician asks back about it', () => {
  const asked = 'Doctor: You have gout in the big toe, as we found last time.\nPatient: Yes. And I have had a cough for a week now.\nDoctor: Is it worse at night?\nPatient: A little.';
  assert.deepEqual(codes(asked), ['M10.9', 'R05.9']);
  const leftAside = 'Doctor: You have gout in the big toe, as we found last time.\nPatient: Yes. And I have had a cough for a week now.\nDoctor: Let us talk about the gout medicine.';
  assert.deepEqual(codes(leftAside), ['M10.9']);
});

test('a symptom the clinician states for assent and the patient confirms is the clinician\'s; a habit so put is history', () => {
  assert.deepEqual(codes('Doctor: Are you taking anything for it?\nPatient: No, nothing yet.\nDoctor: So basically, you are just wheezing?\nPatient: Yes, that is right, for a week.'), ['R06.2']);
  assert.deepEqual(codes('Doctor: So, you are a cigarette smoker?\nPatient: Yes.\nDoctor: How many a day?\nPatient: About ten.'), []);
});
