// A symptom the clinician asks about next, referring back to it, is taken up (follow-up.ts, select.ts).
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
