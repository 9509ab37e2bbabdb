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

test('a reading only said in the past tense is kept; one placed elsewhere is not; a pulse named by its unit is read', () => {
  const visit = [
    '[doctor] your blood pressure was one eighty over ninety five.',
    '[doctor] you are going at about sixty beats a minute, and your oxygen level is ninety seven percent.',
  ].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '180/95 mmHg', heartRate: '60 bpm', oxygenSaturation: '97%' });
  assert.deepEqual(kindValues('[doctor] in the emergency room your blood pressure was one eighty over ninety five.'), {});
  // The place is named with any preposition: "went to the ER", "brought into the emergency department", "at the hospital".
  assert.deepEqual(kindValues('[doctor] your blood pressure was one eighty over ninety five when you went into the emergency room.'), {});
  assert.deepEqual(kindValues('[patient] they took my temperature at the hospital and it was a hundred and two.'), {});
  assert.deepEqual(kindValues('[patient] my temperature was a hundred and two last night.'), {});
});

test("someone else's reading is not the patient's; a comparison does not move today's", () => {
  assert.deepEqual(kindValues("[patient] my mom's blood pressure was two hundred over a hundred when she had her stroke."), {});
  assert.deepEqual(kindValues('[doctor] your blood pressure is one thirty over eighty which is better than last time.'), { bloodPressure: '130/80 mmHg' });
});

test('a pair spoken as a pressure answers the question before it, and does not replace a named reading later', () => {
  const visit = ['[patient] what was my blood pressure?', "[doctor] it was one twenty two over eighty today, that's perfect.", '[doctor] ideally we want one twenty over eighty.'].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '122/80 mmHg' });
});

test('a sign measured twice at the visit keeps the later reading', () => {
  const visit = [
    '[doctor] your heart rate is one twenty one which is quite high.',
    '[doctor] after the medicine your heart rate has come down to seventy.',
  ].join('\n');
  assert.deepEqual(kindValues(visit), { heartRate: '70 bpm' });
});

test('a recheck is the later measurement, and a pair said more surely today replaces an earlier reading', () => {
  const recheck = ["[doctor] your blood pressure's a little high today , one forty four over ninety two .", '[doctor] okay , on recheck your blood pressure is one thirty six over eighty four .'].join('\n');
  assert.deepEqual(kindValues(recheck), { bloodPressure: '136/84 mmHg' });
  const today = ['[doctor] last time you were here your blood pressure was one fifty over ninety .', "[doctor] and today it's one thirty two over eighty four ."].join('\n');
  assert.deepEqual(kindValues(today), { bloodPressure: '132/84 mmHg' });
});

test("a patient's answer to a question about readings at home is not today's; a habit of measuring is not either", () => {
  const home = ['[doctor] how has your blood pressure been at home ?', '[patient] usually one forty over ninety .'].join('\n');
  assert.deepEqual(kindValues(home), {});
  assert.deepEqual(kindValues("[patient] i've been checking my temperature and it's been about ninety nine ."), {});
  const today = ['[doctor] what was your blood pressure here today ?', '[patient] the nurse said one thirty over eighty .'].join('\n');
  assert.deepEqual(kindValues(today), { bloodPressure: '130/80 mmHg' });
});

test("a child's weight in kilograms is read; a few pounds is a change; a pet's or a relative's reading is not the patient's", () => {
  assert.deepEqual(kindValues("[doctor] so today she's 9 kilos , temp 36.7 , heart rate 124 ."), { weight: '9 kg', temperature: '36.7 °C', heartRate: '124 bpm' });
  assert.deepEqual(kindValues('[doctor] weigh yourself daily and call me if you gain 3 pounds in two days .'), {});
  assert.deepEqual(kindValues('[patient] my dog is like eighty pounds .'), {});
  assert.deepEqual(kindValues('[patient] my mom weighed 300 pounds and had diabetes .'), {});
  assert.deepEqual(kindValues('[doctor] your wife says you snore , and your weight today is 210 pounds .'), { weight: '210 lb' });
});

test('oxygen alone names a saturation; a log, a watch or a paramedic’s reading is not this visit’s', () => {
  assert.deepEqual(kindValues('[doctor] blood pressure 120 over 78 , pulse 70 , oxygen 99 percent .'), { bloodPressure: '120/78 mmHg', heartRate: '70 bpm', oxygenSaturation: '99%' });
  assert.deepEqual(kindValues('[patient] my apple watch said my heart rate was 130 .'), {});
  assert.deepEqual(kindValues('[doctor] could you read me your blood pressure log ?\n[patient] monday 138 over 88 .'), {});
});

test('a later value carries on the sign just read, in its sentence or the speaker’s next one', () => {
  assert.deepEqual(kindValues('[doctor] your respiratory rate was 30 when you came in , and it is down to 22 .'), { respiratoryRate: '22 breaths/min' });
  const next = ['[doctor] her temperature was 38.4 when she came in .', "[doctor] after the ibuprofen it's down to 37.6 ."].join('\n');
  assert.deepEqual(kindValues(next), { temperature: '37.6 °C' });
  assert.deepEqual(kindValues("[nurse] okay , heart rate is 82 , sorry , that's 72 , i misread it ."), { heartRate: '72 bpm' });
  assert.deepEqual(kindValues('[doctor] your heart rate is 72 . we will see you in 6 weeks .'), { heartRate: '72 bpm' });
});

test('a value carried on to a later sentence keeps the rank of the reading it continues, and a bare weight its unit', () => {
  const carried = ['[doctor] he is 12 kilos today , and his temperature was 38.9 at triage .', '[father] he was shivering .', "[doctor] with the paracetamol it's down to 37.8 ."].join('\n');
  assert.deepEqual(kindValues(carried), { temperature: '37.8 °C', weight: '12 kg' });
  assert.deepEqual(kindValues("[doctor] she weighed 3.1 kilos at birth and now she's 5.2 ."), { weight: '5.2 kg' });
});

test('an unnamed pair said later replaces an earlier one as surely today\'s', () => {
  const twice = ['Doctor: Please sit still and use the cuff now.', 'Patient: It shows 150 over 96.', 'Doctor: Do it one more time.', 'Patient: 141 over 88.'].join('\n');
  assert.deepEqual(kindValues(twice), { bloodPressure: '141/88 mmHg' });
  const corrected = ['[doctor] your vitals , blood pressure 150 over 92 .', '[doctor] no wait , that one is from march .', "[doctor] today it's 126 over 78 ."].join('\n');
  assert.deepEqual(kindValues(corrected), { bloodPressure: '126/78 mmHg' });
});

test("a bare value stated as today's is of the sign named last before it, in the sentence or a few back", () => {
  const asked = ['Doctor: What was your oxygen at the clinic last week?', 'Patient: Maybe 90.', "Doctor: It's 95 here."].join('\n');
  assert.deepEqual(kindValues(asked), { oxygenSaturation: '95%' });
  assert.deepEqual(kindValues("[doctor] your pulse was 110 at triage , and it's 84 now ."), { heartRate: '84 bpm' });
  assert.deepEqual(kindValues('[doctor] your weight went up ten pounds since spring , you are at 204 today .'), { weight: '204' });
  // Of a person, a bare number is an age unless the sign is a weight.
  assert.deepEqual(kindValues("[doctor] your pulse was fine at triage . you're 64 now , so let's talk about screening ."), {});
});

test('a sentence that is a bare value reads the sign just named, as a re-read of it, unless named as at another time', () => {
  const scale = ['Nurse: Your pulse is 76.', 'Nurse: Hop on the scale please.', 'Nurse: 171.2, thanks.'].join('\n');
  assert.deepEqual(kindValues(scale), { heartRate: '76 bpm', weight: '171.2' });
  const redo = ['Nurse: Your weight is 190 today.', 'Patient: That is with my boots.', "Nurse: Let's do it again.", 'Nurse: 187.'].join('\n');
  assert.deepEqual(kindValues(redo), { weight: '187' });
  const before = ['Doctor: What was your temperature last night?', 'Patient: 101.4.'].join('\n');
  assert.deepEqual(kindValues(before), {});
});

test("the baby's heart rate in the womb is not the mother's; her own reading is kept", () => {
  const visit = ["[doctor] the baby 's heart rate is 150 , very good .", '[doctor] and your pressure today is 112 over 70 .'].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '112/70 mmHg' });
  assert.deepEqual(kindValues('[doctor] fetal heart tones were in the 140s on the doppler .'), {});
});

test('a saturation said of the patient with a percent is read, split contractions too; a percent of something else is not', () => {
  assert.deepEqual(kindValues("[doctor] you 're 93 percent on three liters of oxygen ."), { oxygenSaturation: '93%' });
  assert.deepEqual(kindValues("[doctor] on room air you're ninety seven percent now ."), { oxygenSaturation: '97%' });
  assert.deepEqual(kindValues("[patient] i'd say you're 90 percent better than before ."), {});
});

test('a weight given at birth is not today', () => {
  assert.deepEqual(kindValues('[patient] he weighed eight pounds two ounces at birth .'), {});
});

test("a written limit ('goal BP < 130/80') is no reading; a speaker's correction replaces the reading they gave", () => {
  assert.deepEqual(kindValues('Vitals: BP 118/76, pulse 70. Goal BP < 140/90 reviewed.'), { bloodPressure: '118/76 mmHg', heartRate: '70 bpm' });
  const visit = ['[doctor] the cuff says 176 over 118 here .', '[patient] really ?', '[doctor] sorry , i misread it . it is 118 over 76 .'].join('\n');
  assert.deepEqual(kindValues(visit), { bloodPressure: '118/76 mmHg' });
});

test("a device's display read out at the visit is read; a wearable's reading is not, even said as now", () => {
  const visit = ['[doctor] could you take your temperature for me now ?', '[patient] one second .', '[patient] okay , it reads 100.2 .'].join('\n');
  assert.deepEqual(kindValues(visit), { temperature: '100.2 °F' });
  assert.deepEqual(kindValues('[patient] my fitbit says my heart rate is 110 right now .'), {});
  assert.deepEqual(kindValues('[doctor] what does the oximeter show ?\n[patient] it says 97 .'), { oxygenSaturation: '97%' });
});

test("readings others took before the visit, habits, averages and thresholds 'over' a number are no readings", () => {
  assert.deepEqual(kindValues('[doctor] so the paramedics had your pressure at 84 over 52 .'), {});
  assert.deepEqual(kindValues('[doctor] you said on the phone your blood pressure was 152 over 94 .'), {});
  assert.deepEqual(kindValues('[doctor] your heart rate on the holter averaged 76 .'), {});
  assert.deepEqual(kindValues('[patient] my pressure is usually 136 over 88 .'), {});
  assert.deepEqual(kindValues('[doctor] call us if your temperature goes over 100.4 .'), {});
  // A habit or a threshold does not move today's reading said beside it.
  assert.deepEqual(kindValues('[doctor] it normally runs high , but today your blood pressure is 124 over 78 .'), { bloodPressure: '124/78 mmHg' });
});

test('a goal, a norm or a wish in the clause before a number makes it no reading; a reading called normal is kept', () => {
  assert.deepEqual(kindValues('[doctor] your goal blood pressure is 128 over 78 .'), {});
  assert.deepEqual(kindValues('[doctor] your ideal weight is 165 pounds .'), {});
  // 'goal', 'target' and 'normal' alone judge a reading as often as they set one: a norm only said of no one.
  assert.deepEqual(kindValues('[doctor] a normal temperature is about 98.6 .'), {});
  assert.deepEqual(kindValues('[doctor] your blood pressure is at goal today 128 over 78'), { bloodPressure: '128/78 mmHg' });
  assert.deepEqual(kindValues('[doctor] you have a normal heart rate of 72 today .'), { heartRate: '72 bpm' });
  assert.deepEqual(kindValues('[doctor] we should aim for a blood pressure of 124 over 76 .'), {});
  assert.deepEqual(kindValues('[patient] i want to get down to 175 pounds .'), {});
  assert.deepEqual(kindValues('[doctor] your blood pressure is normal at 118 over 74 .'), { bloodPressure: '118/74 mmHg' });
});

test("a relative's reading said of 'her' or 'him' after the patient names them, and a companion's own, are not the patient's", () => {
  assert.deepEqual(kindValues("[patient] my brother has bad blood pressure , he 's about 164 over 98 ."), {});
  const visit = ["[patient_guest] my pressure is good , 122 over 78 , but she never checks hers .", "[doctor] well her pulse is 88 today ."].join('\n');
  assert.deepEqual(kindValues(visit), { heartRate: '88 bpm' });
  // The patient's own reading after a relative is named stays the patient's.
  assert.deepEqual(kindValues("[patient] my dad had a stroke , and my blood pressure was 150 over 90 today ."), { bloodPressure: '150/90 mmHg' });
});

test("'here' in the record ('i see here', 'it says here') does not place a reading at this visit; 'in here' does", () => {
  assert.deepEqual(kindValues('[doctor] and i see here that it was 176 over 92 when you went to the emergency room .'), {});
  assert.deepEqual(kindValues('[doctor] it says here your temperature was 101.2 at urgent care .'), {});
  assert.deepEqual(kindValues('[doctor] your pressure is 148 over 92 in here , it was 130 over 80 at home .'), { bloodPressure: '148/92 mmHg' });
});

test("a child's small weight in pounds is read after a weighing verb; a few pounds otherwise is a change or a load", () => {
  assert.deepEqual(kindValues('[doctor] he weighs 31 pounds today .'), { weight: '31 lb' });
  assert.deepEqual(kindValues('[doctor] she weighed in at about 27 pounds .'), { weight: '27 lb' });
  assert.deepEqual(kindValues("[doctor] do n't lift more than 15 pounds ."), {});
  assert.deepEqual(kindValues("[patient] i 've gained 12 pounds ."), {});
});

test('a number in a weight unit names a weight for a bare value stated as today, in that unit; an age is not one', () => {
  assert.deepEqual(kindValues("[doctor] you 've put on 6 pounds since spring .\n[doctor] you 're 212 today ."), { weight: '212' });
  assert.deepEqual(kindValues('[doctor] what did she weigh at her last visit ?\n[patient] maybe 15 kilos .\n[doctor] she is 16.4 today .'), { weight: '16.4 kg' });
  assert.deepEqual(kindValues("[doctor] you 've lost 8 pounds .\n[doctor] and you 're 67 now , right ?"), {});
  assert.deepEqual(kindValues('[doctor] how much have you lost ?\n[patient] 10 pounds .\n[doctor] how old are you ?\n[patient] 56 .'), {});
});

test("a dictated vitals list cut at each item reads its short names ('bp 126/80 . p 68 . r 16 .'); a lone letter elsewhere does not", () => {
  const dictated = '[doctor] vitals . bp 126/80 . p 68 . r 16 . t 98.4 . wt 171 lb .';
  assert.deepEqual(kindValues(dictated), { bloodPressure: '126/80 mmHg', heartRate: '68 bpm', temperature: '98.4 °F', respiratoryRate: '16 breaths/min', weight: '171 lb' });
  assert.deepEqual(kindValues('[doctor] your blood pressure is 126 over 80 .\n[patient] ok .\n[doctor] p 68 .'), { bloodPressure: '126/80 mmHg' });
  assert.deepEqual(kindValues('[doctor] your blood pressure is 126 over 80 . i gave you a t 3 booster .'), { bloodPressure: '126/80 mmHg' });
});

test("'breathing' names a respiratory rate right before its number in a list of readings, not in talk of breathing", () => {
  assert.deepEqual(kindValues('[doctor] pressure 122 over 76 , pulse 64 , breathing 14 .'), { bloodPressure: '122/76 mmHg', heartRate: '64 bpm', respiratoryRate: '14 breaths/min' });
  assert.deepEqual(kindValues("[patient] i 've had trouble breathing for 10 days ."), {});
});

test('readings of another time (an episode, the weekend, a previous visit, before coming in) or a habitual excursion are not today', () => {
  assert.deepEqual(kindValues('[patient] when i fainted my heart rate was 42 .'), {});
  assert.deepEqual(kindValues('[patient] i had a temperature of 101.6 over the weekend .'), {});
  assert.deepEqual(kindValues('[doctor] previously your blood pressure was 154 over 92 .'), {});
  assert.deepEqual(kindValues('[patient] before i came in it was 162 over 96 .'), {});
  assert.deepEqual(kindValues('[patient] my oxygen drops to 86 when i climb stairs .'), {});
  assert.deepEqual(kindValues('[doctor] when you came in your blood pressure was 132 over 84 .'), { bloodPressure: '132/84 mmHg' });
});

test("a norm said of no one is no reading; 'yours was …' states the patient's value of the sign just named", () => {
  assert.deepEqual(kindValues('[doctor] a pulse of 60 is normal .'), {});
  assert.deepEqual(kindValues('[doctor] temperature 98.6 is normal .\n[doctor] yours is 99.4 today .'), { temperature: '99.4 °F' });
  assert.deepEqual(kindValues('[doctor] your temperature 98.2 is normal .'), { temperature: '98.2 °F' });
  assert.deepEqual(kindValues('[doctor] blood pressure today 118 over 76 is normal .'), { bloodPressure: '118/76 mmHg' });
});

test('a rate per minute stated after a count is the reading; a reading keeps its sign in mind for the value said after it', () => {
  const visit = ['[doctor] count your pulse for 30 seconds while i time it .', '[doctor] ready ?', '[doctor] go .', '[patient] 42 .', "[doctor] so that 's about 84 a minute ."].join('\n');
  assert.deepEqual(kindValues(visit), { heartRate: '84 bpm' });
});

test('a dictated line of values by position is read by shape and T-P-R order, with its header or without', () => {
  const all = { temperature: '99.1 °F', heartRate: '76 bpm', respiratoryRate: '16 breaths/min', bloodPressure: '124/78 mmHg', oxygenSaturation: '98%' };
  assert.deepEqual(kindValues('[doctor] vital signs: 99.1 F, 76, 16, 124/78, 98% on room air.'), all);
  assert.deepEqual(kindValues('VS: 99.1 F, 76, 16, 124/78, 98% RA.'), all);
  // Bare numbers without a pressure and a temperature or saturation beside them are no list of vitals.
  assert.deepEqual(kindValues('[doctor] 76, 16, 30, 45.'), {});
});

test('an ECG or echo rate, a daily home habit, an extreme and a reading this morning at home are not today; one this morning here is', () => {
  assert.deepEqual(kindValues('[doctor] your ekg showed a heart rate of 62 .'), {});
  assert.deepEqual(kindValues("[patient] my husband checks my blood pressure every day and it 's about 134 over 82 ."), {});
  assert.deepEqual(kindValues("[patient] at its worst it 's been 172 over 104 ."), {});
  assert.deepEqual(kindValues("[patient] the highest it 's been is 172 over 104 ."), {});
  assert.deepEqual(kindValues('[doctor] and you said your temperature was 100.3 this morning at home ?'), {});
  assert.deepEqual(kindValues("[doctor] on the new pill you 're 134 over 84 this morning ."), { bloodPressure: '134/84 mmHg' });
});

test("UK readings from elsewhere (the chemist, out of hours, a discharge letter, the last reading) are not today's", () => {
  assert.deepEqual(kindValues('Patient: The chemist took my blood pressure and it was 152 over 94.'), {});
  assert.deepEqual(kindValues('Doctor: The out of hours doctor recorded a temperature of 38.4.'), {});
  assert.deepEqual(kindValues('Doctor: Your last reading in the practice was 144 over 86.'), {});
  assert.deepEqual(kindValues("Doctor: Your sats are 97% on air."), { oxygenSaturation: '97%' });
});

test("a number with its sign after ('72 for the heart') is read beside another reading; alone it may be a dose", () => {
  assert.deepEqual(kindValues('[patient] it says 124 over 80 , and 70 for the heart .'), { bloodPressure: '124/80 mmHg', heartRate: '70 bpm' });
  assert.deepEqual(kindValues('[patient] i take 50 for the heart .'), {});
});

test('a source or habit said after a reading in an unpunctuated clause does not move it; said before, it does', () => {
  assert.deepEqual(kindValues('[doctor] your heart rate is 86 i want to get an echo and an ekg'), { heartRate: '86 bpm' });
  assert.deepEqual(kindValues('[doctor] so your blood pressure is 148 over 92 you said you take the lisinopril every day right'), { bloodPressure: '148/92 mmHg' });
  assert.deepEqual(kindValues('[doctor] you said your blood pressure was 148 over 92 .'), {});
});

test("only 'here' is read as the record after 'i see'; 'i see today' still places a reading at this visit", () => {
  assert.deepEqual(kindValues('[doctor] so i see today that your blood pressure was 132 over 84 , it was 150 over 90 at home .'), { bloodPressure: '132/84 mmHg' });
});
