// The language module: discourse cues, voice and tidy, each read from data/language/en.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wordReach } from './data.ts';
import { acceptsPlan, answersNo, answersYes, asksLonger, asksShorter, asksYesNo, checksPlan, clinicianToNote, endsWithCheckIn, introducesPatient, isOffer, isQuestion, isSafetyNet, noteSentence, opensAsQuestion, opensWithWhWord, patientToThird, setsFollowUp, tidy, voiceFor, withoutLeadingWords, THEY } from './index.ts';

test('questions: unpunctuated openers count, statement tags do not', () => {
  assert.ok(isQuestion('how long have you had this pain'));
  assert.ok(isQuestion('okay so and then do you have any fever'));
  assert.ok(isQuestion('any chest pain'));
  assert.ok(!isQuestion("we'll start the inhaler, okay?"));
  assert.ok(!isQuestion('your knee looks swollen'));
  assert.ok(opensAsQuestion('what about your diet'));
  assert.ok(asksYesNo('and any numbness'));
});

test('answers: yes, no, and not knowing is neither', () => {
  assert.ok(answersNo('um, no'));
  assert.ok(answersNo("i haven't"));
  assert.ok(!answersNo("i don't know"));
  assert.ok(answersYes('yeah, a little'));
  assert.ok(!answersYes("i do n't"));
  // A hedged or qualified denial is still a no.
  assert.ok(answersNo("Not that I've noticed, no."));
  assert.ok(answersNo('Not more than usual, no.'));
  assert.ok(answersNo('Well, not as far as I know.'));
  assert.ok(!answersYes('Not particularly.'));
  // The part asked about said to be fine is nothing wrong: a no.
  assert.ok(answersNo("They're fine."));
  assert.ok(answersNo('All good, thanks.'));
  assert.ok(!answersNo('Fine, but the cough is still there.'));
});

test('plan talk: follow-up, safety-netting, offers and length wishes', () => {
  assert.ok(setsFollowUp('come back in two weeks'));
  assert.ok(!setsFollowUp('come back to the room'));
  assert.ok(isSafetyNet('if the pain gets worse, call us'));
  assert.ok(!isSafetyNet('call us tomorrow'));
  assert.ok(isOffer('would you like a referral'));
  assert.ok(asksShorter('keep it brief') && !asksShorter('shortness of breath'));
  assert.ok(asksLonger('in more detail'));
});

test('voice: one set of rules, the patient named first when asked, plural "they"', () => {
  assert.equal(patientToThird("i've been having pain in my knee and i take tylenol", 'male'), 'he has been having pain in his knee and he takes tylenol');
  assert.equal(patientToThird('i take it daily and i feel fine', voiceFor('female'), { nameFirst: true }), 'the patient takes it daily and she feels fine');
  assert.equal(patientToThird('i was tired and i have a cough', THEY), 'they were tired and they have a cough');
  assert.equal(clinicianToNote('you need to rest your knee', 'female'), 'she needs to rest her knee');
  assert.equal(clinicianToNote("i'm going to start you on lasix", 'male'), 'we will start him on lasix');
});

test('tidy: openers go, laterality and negation stay', () => {
  assert.equal(noteSentence('right knee is swollen'), 'Right knee is swollen.');
  assert.equal(noteSentence('no edema in the legs'), 'No edema in the legs.');
  assert.equal(noteSentence('right, so your knee is better , okay ?'), 'Your knee is better.');
  assert.equal(tidy('for the past for the past week'), 'for the past week');
  assert.equal(noteSentence('i think it is two weeks'), 'I think it is 2 weeks.');
});

test('tidy keeps "right" that is a side, drops "right" that is a tag', () => {
  assert.equal(noteSentence('the pain is on the right'), 'The pain is on the right.');
  assert.equal(noteSentence('the pain is on the left, right?'), 'The pain is on the left.');
});

test('voice: a verb after an adverb agrees with the new subject', () => {
  assert.equal(clinicianToNote('you also have some shortness of breath', 'female'), 'she also has some shortness of breath');
  assert.equal(patientToThird('i also have a cough', 'male'), 'he also has a cough');
});

test('voice: "you" before a modal is the subject', () => {
  assert.equal(clinicianToNote("if it's normal, you won't need to see me again", 'male'), "if it's normal, he won't need to see me again");
});

test('voice: adverbs are not verbs', () => {
  assert.equal(patientToThird('i already started taking my iron pills', 'female'), 'she already started taking her iron pills');
  assert.equal(patientToThird('i recently noticed a rash', THEY), 'they recently noticed a rash');
});

test('dictation to the documentation system is recognised', async () => {
  const { isDictation } = await import('./index.ts');
  assert.ok(isDictation('please use my physical exam template'));
  assert.ok(!isDictation('your knee exam is normal'));
  assert.ok(!isDictation('the macrocytic anemia is better'));
});

test('introductions: the age phrase as ASR spaces it still introduces the patient, and tidy joins it', () => {
  assert.ok(introducesPatient('carolyn is a 34 -year-old female with a history of diabetes'));
  assert.ok(introducesPatient('martha is a 50-year-old female'));
  assert.ok(!introducesPatient('my son is 12 and plays soccer'));
  assert.equal(tidy('she is a 34 -year-old female'), 'she is a 34-year-old female');
  assert.equal(tidy('metformin 1,000 mg and then,the rest'), 'metformin 1,000 mg and then, the rest', 'a thousands separator is no list comma');
});

test('note sentences are written out: no contractions, units abbreviated after a number', () => {
  assert.equal(noteSentence("she 's been taking twenty milligrams and it does n't help"), 'She has been taking 20 mg and it does not help.');
  assert.equal(noteSentence("it's worse at night, i'm not sleeping"), 'It is worse at night, I am not sleeping.');
  assert.equal(noteSentence("that's the patient's knee"), "That is the patient's knee.");
  assert.equal(noteSentence('we talked about milligrams'), 'We talked about milligrams.');
  assert.equal(noteSentence("she's just been really tired, we'll go ahead and check a little bit of blood work"), 'She has been tired, we will check a little blood work.');
});

test('"you" after a causative verb is the object: "we will have you continue"', () => {
  assert.equal(clinicianToNote("we'll have you continue the aspirin", 'male'), 'we will have him continue the aspirin');
  assert.equal(clinicianToNote('i want to let you know the results', 'female'), 'we will let her know the results');
  assert.match(clinicianToNote('have you continued the aspirin', 'male'), /\bhe continued\b/);
});

test('checking the plan: "does that sound good?" wants assent, "any questions?" wants none; a question back is neither', () => {
  assert.equal(checksPlan('does that sound like a plan'), 'agreement');
  assert.equal(checksPlan('do you have any questions for me ?'), 'questions');
  assert.equal(checksPlan('if you have any questions , call the office'), undefined);
  assert.equal(checksPlan('we will start the inhaler'), undefined);
  assert.ok(acceptsPlan('that sounds great , thank you', 'agreement'));
  assert.ok(acceptsPlan('not at this point .', 'questions'));
  assert.ok(acceptsPlan("no , i do n't think so", 'questions'));
  assert.ok(!acceptsPlan('yes , will the tramadol be okay with my digoxin ?', 'questions'));
  assert.ok(!acceptsPlan("i'm not sure", 'agreement'));
  assert.ok(!acceptsPlan('no', 'agreement'));
});

test('body systems: one list serves the review of systems, the exam areas and the labels', async () => {
  const { examArea, ROS_SYSTEMS, systemLabel } = await import('./index.ts');
  const asked = (text: string) => ROS_SYSTEMS.flatMap(([system, re]) => [...text.matchAll(re)].map((m) => `${system}:${m[0]}`));
  assert.deepEqual(asked('any wheezing, fevers or burning when you urinate'), ['constitutional:fevers', 'respiratory:wheezing', 'genitourinary:burning when you urinate']);
  assert.equal(examArea('Mild tenderness in the upper abdominal quadrants.'), 'abdomen');
  assert.equal(examArea('No cervical lymphadenopathy.'), 'heent');
  assert.equal(examArea('She is alert and oriented.'), 'general');
  assert.equal(systemLabel('Denies fever or chest pain.'), 'Constitutional');
  assert.equal(systemLabel('Denies chest pain or palpitations.'), 'Cardiovascular');
  assert.equal(systemLabel('Reports feeling well.'), undefined);
});

test('clinical terms: stems match their words, and the ranking counts every term and number', async () => {
  const { CLINICAL_TALK, CLINICAL_TERMS } = await import('./index.ts');
  assert.ok(CLINICAL_TALK.test("i've been so constipated"));
  assert.ok(CLINICAL_TALK.test('my hands keep itching'));
  assert.ok(!CLINICAL_TALK.test('we drove up from the city'));
  assert.deepEqual('Knee tenderness for 2 weeks; refer to ortho.'.match(CLINICAL_TERMS), ['Knee', 'tenderness', '2', 'weeks', 'refer']);
});

test('wake words, commands and remarks about the visit are recognised', async () => {
  const { isCommand, isVisitRemark, stripWakeWords } = await import('./index.ts');
  assert.equal(stripWakeWords('hey, dragon, order an x-ray'), 'order an x-ray');
  assert.ok(isVisitRemark("let's take a quick look at your results"));
  assert.ok(isVisitRemark('show me the knee x-ray'));
  assert.ok(isVisitRemark("we'll have to look into that"));
  assert.ok(isVisitRemark('does that sound good'));
  assert.ok(!isVisitRemark('the x-ray shows no fracture'));
  assert.ok(!isVisitRemark('i do have some pain in my knee'));
  assert.ok(isCommand('okay, can you lift your arm for me'));
  assert.ok(isCommand('in the plan, put that we refilled the inhaler'));
  assert.ok(!isCommand('the plan is to refill the inhaler'));
  // Safety-netting is plan, not a command to the system.
  assert.ok(!isCommand('go to the emergency room if the pain gets worse'));
  assert.ok(!isVisitRemark('go to the emergency room if the pain gets worse'));
});

test('a question without its opening discourse words, wh-openers and check-in tags come from discourse.json', () => {
  assert.equal(withoutLeadingWords('okay, so, um, do you have pain?'), 'do you have pain?');
  assert.ok(opensWithWhWord("how's your asthma?"));
  assert.ok(opensWithWhWord('tell me about the pain'));
  assert.ok(!opensWithWhWord('how about any fever?'));
  assert.ok(!opensWithWhWord('do you smoke?'));
  assert.ok(endsWithCheckIn('call me if it gets worse, okay?'));
  assert.ok(!endsWithCheckIn('that was last march, correct?'));
});

test('a word reach from a language file goes into a pattern only as a small whole number', () => {
  assert.equal(wordReach(0), 0);
  assert.equal(wordReach(6), 6);
  for (const bad of [-1, 2.5, 21, Number.NaN]) assert.throws(() => wordReach(bad), /word reach/);
});
