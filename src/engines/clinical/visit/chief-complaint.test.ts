import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readTranscript } from '../transcript/index.ts';
import { chiefComplaint } from './chief-complaint.ts';

function cc(transcript: string, firstCondition?: { text: string; spans: { start: number; end: number }[] }) {
  const found = chiefComplaint(transcript, readTranscript(transcript).sentences, firstCondition);
  if (found) for (const s of found.spans) assert.ok(s.start >= 0 && s.end <= transcript.length && s.start < s.end);
  return found;
}

test('the reason the clinician states in the opening is the chief complaint, not the first condition named', () => {
  const t = '[doctor] hello there . she is a 52 year old female here for some back pain today .\n[patient] i also have heart failure .';
  const found = cc(t, { text: 'Heart failure', spans: [{ start: t.indexOf('heart failure'), end: t.indexOf('heart failure') + 13 }] });
  assert.equal(found?.text, 'Back pain');
  assert.match(t.slice(found!.spans[0]!.start, found!.spans[0]!.end), /back pain/);
});

test('leading words, possessives and clause tails are dropped; evaluation and complaint frames too', () => {
  assert.equal(cc('[doctor] mr. lee is here for his annual exam .\n[patient] yes .')?.text, 'Annual exam');
  assert.equal(cc('[doctor] she presents with complaints of joint pain and she has diabetes .\n[patient] right .')?.text, 'Joint pain');
  assert.equal(cc('[doctor] you are here for an evaluation of high blood sugar so tell me what happened\n[patient] okay')?.text, 'High blood sugar');
  assert.equal(cc('[doctor] chief complaint is left arm pain . hello .\n[patient] hi .')?.text, 'Left arm pain');
});

test("the patient's answer to 'what brings you in' names the complaint", () => {
  const found = cc('[doctor] good morning , what brings you in today ?\n[patient] i have been having pain in my right knee for about a week .');
  assert.equal(found?.text, 'Right knee pain');
});

test('a hurt body part says injury or pain, and the side said in the opening is kept', () => {
  assert.equal(cc('[doctor] so i see that you hurt your left ankle . tell me more .\n[patient] i stepped off a curb .')?.text, 'Left ankle injury');
  const found = cc('[doctor] hi , how are you ?\n[patient] okay except my knee hurts .\n[doctor] which knee ?\n[patient] my right knee .');
  assert.equal(found?.text, 'Right knee pain');
  assert.equal(found?.spans.length, 2);
});

test('without a stated reason the first condition stands; talk that names nothing clinical is not a reason', () => {
  const t = '[doctor] she is here with her daughter today .\n[patient] my asthma is worse .';
  const first = { text: 'Asthma', spans: [{ start: t.indexOf('asthma'), end: t.indexOf('asthma') + 6 }] };
  assert.equal(cc(t, first)?.text, 'Asthma');
  assert.equal(cc('[doctor] hello .\n[patient] hi .'), undefined);
});

test('a history recital is not the reason for the visit', () => {
  const t = '[doctor] she is here with a past medical history of diabetes .\n[patient] yes .';
  assert.equal(cc(t), undefined);
});

test("'i've had' answers the opening question; a duration ends the complaint", () => {
  assert.equal(cc("[doctor] hi there , what brings you in today ?\n[patient] i've had a sore throat for three days and a fever last night .")?.text, 'Sore throat');
});
