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

test('a complaint the clinician answers by asking after an associated symptom, affirmed, is taken up beside a diagnosis stated later', () => {
  const chat = Array.from({ length: 10 }, (_, i) => `Doctor: And how is the new job going, week ${i}?\nPatient: It is going well, the commute is long but the people there are friendly.`).join('\n');
  const excerpt = (asked: string): string => `Doctor: Good morning, what brings you here today?\nPatient: Where do I start, there is a lot going on.\nDoctor: Start with whatever bothers you most.\nPatient: I have this ache in my left ankle and some numbness there too.\n${asked}\n${chat}\nDoctor: Your last blood tests showed hemochromatosis, by the way.\nPatient: Yes, I know.`;
  const got = codeText(excerpt('Doctor: Okay, and do you get any tingling?\nPatient: Yes, at night.')).diagnoses.map((d) => d.code.coding[0]!.code);
  assert.ok(got.includes('M25.572') && got.includes('R20.0'), got.join(' '));
  // Asked about something else, the complaint is the patient's story beside the diagnosis.
  const aside = codeText(excerpt('Doctor: Okay. How is your sleep?\nPatient: Fine.')).diagnoses.map((d) => d.code.coding[0]!.code);
  assert.ok(!aside.includes('M25.572'), aside.join(' '));
});

test('a symptom named in answer to a review-of-systems question is not worked up by the next review question', () => {
  const visit = (middle: string[]): string[] => codes(['[doctor] What brings you in?', "[patient] I've had a cough since Monday.", ...middle,
    '[doctor] Your chest is clear.', '[doctor] So what you have is an acute cough, most likely a virus.', '[patient] Okay.', '[doctor] Rest and fluids.'].join('\n'));
  // "No, just tired." answers the question about other symptoms; "any runny nose?" goes on with the review (the runny nose affirmed there is reviewed, and stays).
  assert.deepEqual(visit(['[doctor] Any chest pain or wheeze?', '[patient] No, just tired.', '[doctor] Any runny nose?', '[patient] Yes, a little.']), ['R05.1', 'R09.89']);
  // Volunteered, the complaint is worked up by the question about an associated symptom.
  assert.deepEqual(visit(['[doctor] Anything else?', "[patient] I've been really tired too.", '[doctor] Any fever?', '[patient] Yes, a little.']), ['R05.1', 'R50.9', 'R53.83']);
});
