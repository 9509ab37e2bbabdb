import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leadNamesNonRelative, othersSaid, readTurns } from './index.ts';
import { codeText } from '../coding/index.ts';

/** The words said about someone else. */
function others(text: string): string[] {
  return othersSaid(text, readTurns(text).turns).map((s) => text.slice(s.start, s.end).trim());
}

const ASKED = [
  'Doctor: Does anything run in the family?',
  'Patient: My mother has migraine.',
  'Doctor: And who has the thyroid problem?',
  'Patient: My mother.',
  'Doctor: OK. So, she has hyperthyroidism. And do you take anything for your skin?',
].join('\n');

test('a pronoun after a relative was named is the relative\'s, up to "you" or the end of the sentence', () => {
  assert.deepEqual(others(ASKED), ['she has hyperthyroidism']);
  const chain = 'Doctor: Any illness in the family?\nPatient: My dad had high blood pressure.\nDoctor: OK.\nPatient: Yeah and he died of bowel cancer.\nDoctor: How old was he when he died?';
  assert.deepEqual(others(chain), ['he died of bowel cancer', 'he when he died']);
});

test('"they" needs people; "I" makes the patient the subject again', () => {
  assert.deepEqual(others('Doctor: Anyone at home unwell?\nPatient: My mom and her sister, I think they both had melanoma.'), ['her sister,', 'they both had melanoma']);
  assert.deepEqual(others('Doctor: Anyone at home unwell?\nPatient: My wife drove me. They said I have pneumonia.'), []);
});

test('a visit that speaks of the patient in the third person has no one else\'s statements', () => {
  // Introduced ("is a 45-year-old"), spoken for by a family member, or "he" with no one named before it.
  assert.deepEqual(others(`${ASKED}\nDoctor: So this is a 45-year-old female with eczema.`), []);
  assert.deepEqual(others('Doctor: How is he today?\nGuest_family: My son has a cough. He has asthma.'), []);
  assert.deepEqual(others(`Doctor: He had a CT last week.\n${ASKED}`), []);
});

test('the coder reads a relative\'s condition as family history, not the patient\'s', () => {
  const codes = codeText(ASKED).diagnoses.map((d) => d.code.coding[0]!.code);
  assert.ok(!codes.includes('E05.90'), 'the mother\'s hyperthyroidism is not the patient\'s');
});

test("a condition said of a friend or flatmate, not a relative nor a child, is theirs", () => {
  assert.equal(leadNamesNonRelative('my flatmate has'), true);
  assert.equal(leadNamesNonRelative('a friend of mine had'), true);
  assert.equal(leadNamesNonRelative('my friend has pneumonia and I have'), false);
  assert.equal(leadNamesNonRelative('my kid has had'), false);
  assert.equal(leadNamesNonRelative('my mother has'), false);
});

test("the coder leaves a flatmate's pneumonia out and keeps the patient's own cough", () => {
  const codes = (text: string) => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code);
  const visit = 'Doctor: What brings you in?\nPatient: My flatmate has pneumonia and I have had a cough for a week.\nDoctor: Okay. Rest and fluids.';
  assert.ok(!codes(visit).includes('J18.9'));
  assert.ok(codes(visit).includes('R05.9'));
  assert.ok(codes('Doctor: What brings you in?\nPatient: I have pneumonia.\nDoctor: Okay, that is pneumonia. Antibiotics.').includes('J18.9'));
});
