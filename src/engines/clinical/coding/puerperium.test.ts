// The puerperium (guidelines I.C.15): a delivery placed at most six weeks back codes the visit's conditions as complicating it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { inPuerperium } from './puerperium.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('the patient\'s own delivery placed within six weeks puts the visit in the puerperium', () => {
  assert.ok(inPuerperium('Patient: I had a caesarean about three weeks ago and now this.'));
  assert.ok(inPuerperium("Doctor: So you've just given birth a few days ago?"));
  assert.ok(inPuerperium('Patient: I had my baby last week.'));
  // Too long ago, a relative's delivery, or a delivery with no time: no puerperium.
  assert.ok(!inPuerperium('Patient: I had a c-section ten years ago.'));
  assert.ok(!inPuerperium('Patient: My sister had a baby two weeks ago.'));
  assert.ok(!inPuerperium('Patient: I had a c-section with my first child.'));
  // The time is read within the sentence of the delivery.
  assert.ok(!inPuerperium('Patient: I had a c-section. The cough started a few days ago.'));
});

test('a condition in the puerperium is coded with O99.893 beside its own code; nothing coded, nothing added', () => {
  const visit = 'Patient: I had a c-section two weeks ago.\nDoctor: And you are short of breath now?\nPatient: Yes.\nDoctor: So you are short of breath, and I want you seen today for the shortness of breath.';
  assert.deepEqual(codes(visit), ['O99.893', 'R06.02']);
  assert.deepEqual(codes(visit.replace('two weeks ago', 'two years ago')), ['R06.02']);
  assert.deepEqual(codes('Patient: I had a c-section two weeks ago and I feel well.'), []);
});
