import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { historyTakingFrom, namedAsExample, requestedToTell } from './history-taking.ts';
import { turnsOf } from './speaker.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code);

test('history taking starts at the clinician asking about a history topic, not at advice', () => {
  const asked = 'Doctor: How are you today?\nPatient: Fine.\nDoctor: Any surgeries in the past?\nPatient: No.';
  assert.equal(historyTakingFrom(asked, turnsOf(asked)), asked.indexOf('Any surgeries'));
  const advised = 'Doctor: I would advise you to cut down on smoking.\nPatient: I will try.';
  assert.equal(historyTakingFrom(advised, turnsOf(advised)), Infinity);
  const unlabelled = 'Any surgeries in the past? No.';
  assert.equal(historyTakingFrom(unlabelled, turnsOf(unlabelled)), Infinity);
  assert.ok(namedAsExample('well it could be anything from'));
});

test('an excerpt of history taking alone gets no code', () => {
  assert.deepEqual(codes('Doctor: Do you have any medical problems?\nPatient: I have diabetes and high blood pressure.\nDoctor: Okay.'), []);
  assert.deepEqual(codes('Doctor: Any surgeries in the past?\nPatient: They took my gallbladder out years ago.\nDoctor: Any problems after that?\nPatient: No.'), []);
  assert.deepEqual(codes("Doctor: Does anything run in your family?\nPatient: Heart attacks, and diabetes on my dad's side.\nDoctor: Who has diabetes?\nPatient: My uncle."), []);
  assert.deepEqual(codes('Doctor: Do you smoke?\nPatient: Yes, about a pack a day.'), []);
  assert.deepEqual(codes('Doctor: Any allergies?\nPatient: Penicillin gives me hives.'), []);
  assert.deepEqual(codes('Doctor: Any family history of chronic illness? It could be anything from asthma to arthritis.\nPatient: No, nothing like that.'), []);
});

test('what the clinician takes up after history taking is coded', () => {
  assert.deepEqual(codes('Doctor: Any medical problems?\nPatient: I have diabetes.\nDoctor: Your diabetes is poorly controlled, so we will start insulin.'), ['E11.65']);
  assert.ok(codes('Doctor: Your blood pressure is high today, you have hypertension. I would advise you to cut down on smoking.').includes('I10'));
});

test('asking to be told of a complaint raises it as a topic, not a finding the clinician states', () => {
  assert.ok(requestedToTell('so talk to me about the'));
  assert.ok(requestedToTell("okay let's start with your"));
  assert.ok(requestedToTell('can you tell me more about your'));
  assert.ok(!requestedToTell('you have had a bad'));
  // A whole visit (labelled turns, gated by its closing part) with no diagnosis: the cough the
  // clinician only asks to hear about is history taken; the wheeze summed up and treated is coded.
  const chat = 'Doctor: OK.\nPatient: Yes, that is right, it has been going on for a little while now I think.\n'.repeat(18);
  const visit = "Doctor: What brings you in today?\nPatient: I've been wheezing at night for a week.\n"
    + 'Patient: I also started with a cough yesterday.\nDoctor: So, talk to me about the cough.\nPatient: It comes and goes.\n'
    + chat + 'Doctor: So you have been wheezing at night, and the wheezing is waking you up. I will give you an inhaler for the wheezing and see you in a week.\nPatient: Thank you.';
  const coded = codes(visit);
  assert.ok(coded.includes('R06.2') && !coded.includes('R05.9'), coded.join(' '));
});

test('a clinician asked to go over the previous diagnoses opens history taking', () => {
  const asked = 'Doctor: Thanks for coming.\nPatient: Sure.\nDoctor: Can you remind me of your previous diagnoses?\nPatient: I get tired when I climb stairs.';
  assert.equal(historyTakingFrom(asked, turnsOf(asked)), asked.indexOf('Can you remind'));
  assert.deepEqual(codes('Doctor: Nurse, what are his past diagnoses?\nPatient: I had a hernia repair once.'), []);
});
