// Pregnancy (pregnancy.ts, select.ts): chapter 15 codes and Z3A weeks for a pregnant patient's conditions (I.C.15.a).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { gestationalWeeks, weeksCode } from './pregnancy.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('the gestational age is read only in a sentence about the pregnancy', () => {
  assert.equal(gestationalWeeks('[doctor] the baby looks well and you are thirty one weeks along.'), 31);
  assert.equal(gestationalWeeks('[patient] the cough has lasted three weeks.'), undefined);
  // Completed weeks of a decimal age; a duration after ';' belongs to another clause.
  assert.equal(gestationalWeeks('[doctor] you are pregnant at 20.5 weeks.'), 20);
  assert.equal(gestationalWeeks('[doctor] she is pregnant; the rash started 6 weeks ago.'), undefined);
  assert.equal(weeksCode(6), 'Z3A.01');
  assert.equal(weeksCode(9), 'Z3A.09');
});

test('a condition of a pregnant patient is coded from chapter 15 by trimester, with Z3A for the weeks', () => {
  const visit = '[doctor] how is the pregnancy going?\n[patient] fine, i am 30 weeks pregnant.\n[doctor] you have a urinary tract infection, we will treat it with an antibiotic.';
  assert.deepEqual(codes(visit), ['O23.43', 'Z3A.30']);
});

test('without a stated gestational age the visit is left as coded', () => {
  const visit = '[doctor] how is the pregnancy going?\n[doctor] you have a urinary tract infection, we will treat it with an antibiotic.';
  assert.ok(!codes(visit).some((c) => c.startsWith('O')));
});

test('a condition already coded from chapter 15 makes the patient pregnant: Z33.1 yields and her fatigue is the pregnancy\'s', () => {
  const visit = 'Doctor: What can I do for you today?\nPatient: I was told I have gestational diabetes, and I feel worn out and tired every afternoon.\nDoctor: Let us go over your meal plan.';
  assert.deepEqual(codes(visit), ['O24.419', 'O26.819']);
  const incidental = 'Doctor: What can I do for you today?\nPatient: I have gestational diabetes and want help with my pregnancy diet.';
  assert.deepEqual(codes(incidental), ['O24.419']);
});

test('in a visit about an infant the pregnancy is the mother\'s birth history, not coded for the child', () => {
  const visit = 'Doctor: How old is your son now?\nMother: He is three months old.\nDoctor: Any problems during the pregnancy?\nMother: None, I had a smooth pregnancy and he was born on time.\nDoctor: And now he has a cough?\nMother: Yes, a cough for four days.';
  assert.ok(!codes(visit).some((c) => /^(?:O|Z33)/.test(c)));
  const pregnant = 'Doctor: What brings you in?\nPatient: I am pregnant and have had a cough for four days.';
  assert.ok(codes(pregnant).includes('Z33.1'));
  // The age of a symptom is not the patient's: a pregnant patient keeps her pregnancy.
  const rash = 'Doctor: What brings you in?\nPatient: I am pregnant, and this rash is two weeks old now.';
  assert.ok(codes(rash).includes('Z33.1'));
  const boy = 'Doctor: This is a six-week-old boy seen for a cough.\nMother: The pregnancy was normal.';
  assert.ok(!codes(boy).some((c) => /^(?:O|Z33)/.test(c)));
});
