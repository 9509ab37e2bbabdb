// The visit's vital signs: today's reading wins over one recalled, with the cues from vitals.json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readVisit } from './index.ts';

const kindValues = (text: string): Record<string, string> => Object.fromEntries(readVisit(text).vitals.map((v) => [v.kind, v.value]));

test("today's reading wins over a home reading, whichever is said first", () => {
  const visit = [
    '[patient] at home my blood pressure was one fifty over ninety last week.',
    '[doctor] okay. your blood pressure here today is one twenty eight over seventy six.',
  ].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '128/76 mmHg' });
  const reversed = [
    '[doctor] your blood pressure here today is one twenty eight over seventy six.',
    '[patient] at home my blood pressure was one fifty over ninety last week.',
  ].join('\n');
  assert.deepEqual(kindValues(reversed), { bloodPressure: '128/76 mmHg' });
});

test('a recalled reading is kept when it is the only one, and a pulse named by its unit is read', () => {
  const visit = [
    '[doctor] in the emergency room your blood pressure was one eighty over ninety five.',
    '[doctor] you are going at about sixty beats a minute, and your oxygen level is ninety seven percent.',
  ].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '180/95 mmHg', heartRate: '60 bpm', oxygenSaturation: '97%' });
});

test('a sign measured twice at the visit keeps the later reading', () => {
  const visit = [
    '[doctor] your heart rate is one twenty one which is quite high.',
    '[doctor] after the medicine your heart rate has come down to seventy.',
  ].join('\n');
  assert.deepEqual(kindValues(visit), { heartRate: '70 bpm' });
});
