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
  assert.equal(doseIn('increase the metformin to 1,000 mg twice a day'), '1000 mg', 'a thousands separator is part of the amount');
  assert.equal(doseIn('take 2,500 units'), '2500 units');
});

test('an ASR full stop for "point" inside a temperature is read as a decimal', () => {
  assert.equal(spokenNumbersToDigits('a low-grade fever of about a hundred . four right now'), 'a low-grade fever of about 100.4 right now');
  assert.equal(spokenNumbersToDigits('i have two . then'), 'i have 2 . then');
});

test('written digits are joined into readings too; the stop an ASR wrote for "point" after a temperature cue is a decimal', () => {
  assert.equal(spokenNumbersToDigits('blood pressure is 115 over 75.'), 'blood pressure is 115/75.');
  assert.equal(spokenNumbersToDigits('your temperature is ninety eight. seven and your pulse is 72'), 'your temperature is 98.7 and your pulse is 72');
  assert.equal(spokenNumbersToDigits('we walked ninety eight. two of us came'), 'we walked 98. 2 of us came');
});

test('vital signs: the first plausible reading of each kind, saturation not read as a pulse', () => {
  const v = vitalsIn(spokenNumbersToDigits('everything looks good including your oxygen saturation blood pressure for today was one twenty eight over eighty eight heart rate was sixty eight and your pulse ox was ninety eight percent on room air'));
  assert.deepEqual(v, { bloodPressure: '128/88 mmHg', heartRate: '68 bpm', oxygenSaturation: '98%' });
  assert.deepEqual(vitalsIn('weighing 169 pounds and your breathing rate is pretty normal at 19'), { respiratoryRate: '19 breaths/min', weight: '169 lb' });
});

test('a lone "one" after the stop ASR wrote for "point" in a temperature is its tenths, as "point one" is', () => {
  assert.equal(spokenNumbersToDigits('your temperature you are running normal ninety seven . one you are satting well'), 'your temperature you are running normal 97.1 you are satting well');
  assert.equal(spokenNumbersToDigits('we saw ninety seven . one of them was late'), 'we saw 97 . one of them was late');
});

test('vital-sign names come from the language data: SpO2, oxygenation, oxygen level, respiration', () => {
  assert.deepEqual(vitalsIn('SpO2: 98%.'), { oxygenSaturation: '98%' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('your heart rate was eighty eight and your oxygenation was ninety eight percent')), { heartRate: '88 bpm', oxygenSaturation: '98%' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('your oxygen level here is like ninety two right now in the office')), { oxygenSaturation: '92%' });
  assert.deepEqual(vitalsIn('Respiration: 14'), { respiratoryRate: '14 breaths/min' });
  // "pulse ox" names the saturation, never a pulse; a weight needs its unit.
  assert.deepEqual(vitalsIn('pulse ox 97 and weight 80 kilos'), { oxygenSaturation: '97%', weight: '80 kg' });
  assert.deepEqual(vitalsIn('her weight is up 12 since march'), {});
});

test('a reading its unit names is read when no name gives one; a name still wins', () => {
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('so that is interesting like you are going at like about sixty beats a minute')), { heartRate: '60 bpm' });
  assert.deepEqual(vitalsIn('Heart Rate: 68 beats per minute. Respiratory Rate: 16 breaths per minute.'), { heartRate: '68 bpm', respiratoryRate: '16 breaths/min' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('you are at ninety nine percent on room air')), { oxygenSaturation: '99%' });
  assert.deepEqual(vitalsIn('pulse 72, and the monitor showed 80 beats per minute'), { heartRate: '72 bpm' });
  assert.deepEqual(vitalsIn('we walked 60 minutes'), {});
});

test('a weight: named without its unit, or given in its unit unnamed; a change of weight is not one', () => {
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('weight one ninety seven.')), { weight: '197' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('i am at one hundred and eighty three pounds.')), { weight: '183 lb' });
  assert.deepEqual(vitalsIn('i have lost about 60 pounds since the surgery'), {});
  assert.deepEqual(vitalsIn('my weight went down 20 pounds'), {});
  assert.deepEqual(vitalsIn('you put on 10 pounds'), {});
  assert.deepEqual(vitalsIn('weight for 3 months'), {});
});

test('a blood pressure: "pressure" alone names it when both numbers follow, and "by" joins them as "over" does', () => {
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('your pressure looks good today at one thirty over eighty')), { bloodPressure: '130/80 mmHg' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('your blood pressure is one ninety five by eighty three')), { bloodPressure: '195/83 mmHg' });
  assert.deepEqual(vitalsIn('pressure in my chest for 3 days'), {});
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('blood pressure is one oh five over sixty five')), { bloodPressure: '105/65 mmHg' });
});

test('a hundreds shorthand keeps its tenths: "one oh three point two" is 103.2', () => {
  assert.equal(spokenNumbersToDigits('temp is one oh three point two'), 'temp is 103.2');
  assert.equal(spokenNumbersToDigits('one oh four and then point blank'), '104 and then point blank');
});

test('hyphenated number words are read as numbers; a weight loss is not a weight', () => {
  assert.equal(spokenNumbersToDigits('heart rate of seventy-two and weight one ninety-seven'), 'heart rate of 72 and weight 197');
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('blood pressure is one twenty-five over seventy-five')), { bloodPressure: '125/75 mmHg' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('i also had weight loss of around twenty pounds')), {});
  assert.equal(spokenNumbersToDigits('a well-known co-worker'), 'a well-known co-worker');
});

test('a sentence gives its last reading of a kind; a pair spoken as a pressure is one; a vitals list reads its short names', () => {
  assert.deepEqual(vitalsIn('bp 158/96 (repeat 150/92), hr 78'), { bloodPressure: '150/92 mmHg', heartRate: '78 bpm' });
  const said = "that's one thirty eight over eighty six";
  assert.deepEqual(vitalsIn(spokenNumbersToDigits(said), said), { bloodPressure: '138/86 mmHg' });
  assert.deepEqual(vitalsIn(spokenNumbersToDigits('your b p is one thirty slash eighty')), { bloodPressure: '130/80 mmHg' });
  assert.deepEqual(vitalsIn('vs: t 98.6 p 72 r 16 bp 120/80 o2 99% ra'), { temperature: '98.6 °F', heartRate: '72 bpm', respiratoryRate: '16 breaths/min', bloodPressure: '120/80 mmHg', oxygenSaturation: '99%' });
  assert.deepEqual(vitalsIn('t 98.6 and p 72'), {}, 'short names only beside a reading named in full');
  assert.deepEqual(vitalsIn('advair 250/50 twice a day'), {}, 'a written pair with no pressure named is a strength');
});

test('targets, norms, ranges and another sign between a name and a number are not readings', () => {
  assert.deepEqual(vitalsIn('i want your blood pressure below 140/90'), {});
  assert.deepEqual(vitalsIn('a normal resting heart rate is 60 to 100'), {});
  assert.deepEqual(vitalsIn("you're afebrile , heart rate 98"), { heartRate: '98 bpm' });
  assert.deepEqual(vitalsIn("you're breathing about 16 times a minute"), { respiratoryRate: '16 breaths/min' });
  assert.deepEqual(vitalsIn('i take it 3 times a minute'), {});
});

test('digits an ASR split are joined just after a sign name, and nowhere else', () => {
  assert.equal(spokenNumbersToDigits('her pulse is 8 4 and her oxygen 9 6 percent'), 'her pulse is 84 and her oxygen 96%');
  assert.equal(spokenNumbersToDigits('blood pressure 1 42 over 90'), 'blood pressure 142/90');
  assert.equal(spokenNumbersToDigits('take 1 2 times a day'), 'take 1 2 times a day');
  assert.equal(spokenNumbersToDigits('pulse 72, 2 3 days ago'), 'pulse 72, 2 3 days ago');
});
