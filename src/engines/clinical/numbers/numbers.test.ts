import assert from 'node:assert/strict';
import { test } from 'node:test';
import { doseIn, frequencyIn, spokenNumbersToDigits, vitalsIn } from './index.ts';

test('spoken numbers become digits', () => {
  assert.equal(spokenNumbersToDigits('one twenty over eighty'), '120/80');
  assert.equal(spokenNumbersToDigits('ninety eight point six'), '98.6');
  assert.equal(spokenNumbersToDigits('five hundred milligrams'), '500 milligrams');
  assert.equal(spokenNumbersToDigits('about a hundred and twenty five pounds'), 'about 125 pounds');
  assert.equal(spokenNumbersToDigits('the one on the left'), 'the one on the left');
});

test('vitals are read with plausible ranges', () => {
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('blood pressure today is one thirty two over eighty four , heart rate seventy two')), { bloodPressure: '132/84 mmHg', heartRate: '72 bpm' });
  assert.deepEqual(vitalsIn('temperature 98.6 and oxygen saturation 97 %'), { temperature: '98.6 °F', oxygenSaturation: '97%' });
  assert.deepEqual(vitalsIn('heart rate 900'), {});
});

test('dose and frequency', () => {
  const t = spokenNumbersToDigits('five hundred milligrams twice a day');
  assert.equal(doseIn(t), '500 mg');
  assert.equal(frequencyIn(t), 'twice daily');
  assert.equal(frequencyIn('20 mg a day'), 'once daily');
});

test('an ASR full stop for "point" inside a temperature is read as a decimal', () => {
  assert.equal(spokenNumbersToDigits('a low-grade fever of about a hundred . four right now'), 'a low-grade fever of about 100.4 right now');
  assert.equal(spokenNumbersToDigits('i have two . then'), 'i have 2 . then');
});
