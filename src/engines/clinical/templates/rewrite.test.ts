import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tidy, voiceFor } from '../language/index.ts';
import { applyTone, rewriteSentence } from './rewrite.ts';

test('tidies ASR tokenisation, fillers and stutters', () => {
  assert.equal(tidy("okay so um i 've had this pain , uh , for the the past week ."), "i've had this pain, for the past week.");
  assert.equal(tidy("uh-huh , i i think it , you know , hurts when we- we walk"), 'i think it hurts when we walk');
});

test('patient speech becomes third person, with the caller-given gender when known', () => {
  assert.equal(rewriteSentence("i've been having pain in my right knee", 'patient'), 'The patient has been having pain in their right knee.');
  assert.equal(rewriteSentence('i take it daily and i feel fine', 'patient', undefined, voiceFor('male')), 'The patient takes it daily and he feels fine.');
  assert.equal(rewriteSentence("i don't smoke", 'patient', undefined, voiceFor('female')), "The patient doesn't smoke.");
  assert.equal(rewriteSentence('you need to rest your knee', 'clinician', undefined, voiceFor('female')), 'The patient needs to rest her knee.');
});

test('tones: formal expands contractions, technical uses clinical terms, instructional is imperative', () => {
  assert.equal(applyTone("the patient doesn't have shortness of breath", 'formal'), 'The patient does not have shortness of breath.');
  assert.equal(applyTone('the patient had a heart attack and high blood pressure', 'technical'), 'The patient had a myocardial infarction and hypertension.');
  assert.equal(applyTone('I want the patient to ice the knee twice a day', 'instructional'), 'Ice the knee twice a day.');
});

test('spoken numbers in a sentence are written as digits, pronouns left alone', () => {
  assert.equal(rewriteSentence('my blood pressure was one twenty over eighty for two weeks', 'patient'), 'Their blood pressure was 120/80 for 2 weeks.');
  assert.equal(rewriteSentence('i take fifty milligrams of losartan', 'patient'), 'The patient takes 50 mg of losartan.');
  assert.equal(rewriteSentence('the one on the left is sore', 'patient'), 'The one on the left is sore.');
});

