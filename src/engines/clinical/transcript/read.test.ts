// Reading a transcript: formats, labels and roles, spans back into the text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanUtterance, readTranscript } from './index.ts';

test('a one-line dialogue parts its turns at a "Doctor:" label after a sentence end, not at a word with a colon inside one', () => {
  const text = 'Guest_family: What is wrong with his ear? Doctor: Well, it looks red. Note: the drops help. Patient: Okay.';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => x.role), ['family', 'clinician', 'patient']);
  assert.equal(text.slice(t.turns[1]!.span.start, t.turns[1]!.span.end), 'Well, it looks red. Note: the drops help.');
});

test('timestamped labelled turns keep spans into the text and map roles', () => {
  const text = '[00:01:02] Doctor: How is the knee?\n[00:01:09] Patient: It hurts when I walk.';
  const t = readTranscript(text);
  assert.equal(t.format, 'labelled');
  assert.deepEqual(t.sentences.map((s) => s.role), ['clinician', 'patient']);
  assert.equal(text.slice(t.sentences[1]!.span.start, t.sentences[1]!.span.end), 'It hurts when I walk.');
  assert.equal(t.sentences[0]!.question, true);
});

test('ACI-bench tags, a family member, and D:/P: labels', () => {
  const t = readTranscript('[doctor] hi .\n[patient] hello .\n[patient_guest] she fell .');
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient', 'family']);
  assert.deepEqual(readTranscript('D: any fever?\nP: no.').turns.map((x) => x.role), ['clinician', 'patient']);
});

test('note section headings ("VS:", "Assessment:") label no speaker: a written note stays one dictation', () => {
  const note = 'HPI: cough for 3 days.\nVS: 98.9 F, 84, 18, 136/82.\nAssessment: acute bronchitis.\nPlan: rest.';
  const t = readTranscript(note);
  assert.deepEqual(t.turns.map((x) => x.role), ['unknown']);
  assert.equal(note.slice(t.turns[0]!.span.start, t.turns[0]!.span.end), note);
});

test('a heading line inside a labelled dialogue belongs to the turn it follows; A:/B: and P: still label speakers', () => {
  const text = 'Doctor: Your chest sounds clear.\nAssessment: acute bronchitis.\nPatient: Okay.';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient']);
  assert.equal(text.slice(t.turns[0]!.span.start, t.turns[0]!.span.end), 'Your chest sounds clear.\nAssessment: acute bronchitis.');
  assert.equal(readTranscript('A: how are you feeling?\nB: my knee hurts.').format, 'labelled');
  assert.deepEqual(readTranscript('D: any fever?\nP: no.').turns.map((x) => x.role), ['clinician', 'patient']);
});

test("the clinician's assessment run into the patient's turn is the clinician's (a diarisation slip)", () => {
  const text = '[doctor] any questions ? [patient] no , sounds good . alright assessment and plan , chronic heart failure , continue torsemide .';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  assert.equal(text.slice(t.turns[2]!.span.start, t.turns[2]!.span.end).split(' ,')[0], 'alright assessment and plan');
  // Asking about it is the patient's.
  assert.deepEqual(readTranscript("[doctor] i have your results and i want you to follow up .\n[patient] so my diagnosis is what ?").turns.map((x) => x.role), ['clinician', 'patient']);
  // An opener a patient says too is the patient's.
  assert.deepEqual(readTranscript('[doctor] and after you retire ?\n[patient] well . my plan is to travel a lot .').turns.map((x) => x.role), ['clinician', 'patient']);
});

test("the clinician's dictated summary, naming the patient by age and sex, run into the patient's turn is the clinician's", () => {
  const text = '[doctor] have a good day . [patient] you too . alright , this is jane , a pleasant 60-year-old female with iron deficiency anemia .';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  assert.equal(text.slice(t.turns[1]!.span.start, t.turns[1]!.span.end), 'you too .');
  // A patient speaking of a child's age is still the patient.
  assert.deepEqual(readTranscript('[doctor] who is at home ?\n[patient] my 5-year-old and my husband .').turns.map((x) => x.role), ['clinician', 'patient']);

test("the clinician's dictation speaking of the patient in the third person, run into the patient's turn, is the clinician's", () => {
  const text = '[doctor] any questions ?\n[patient] no . okay . the patient is a good candidate for a knee replacement and agrees to proceed .';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  assert.equal(text.slice(t.turns[1]!.span.start, t.turns[1]!.span.end), 'no . okay .');
  // Addressing the patient by title and surname after a marker is the clinician too; the name as the subject is not.
  const addressed = '[doctor] any questions ?\n[patient] no . alright , mrs. lane , i will go over your scan now .';
  assert.deepEqual(readTranscript(addressed).turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  assert.deepEqual(readTranscript('[doctor] who helps you ?\n[patient] mr lee , my neighbour , drives me .').turns.map((x) => x.role), ['clinician', 'patient']);
  assert.deepEqual(readTranscript('[doctor] and your pills ?\n[patient] okay , i might miss one now .').turns.map((x) => x.role), ['clinician', 'patient']);
  // So is speaking to the documentation system.
  const system = '[doctor] any questions ?\n[patient] no . okay . hey , dragon , order a chest x-ray . and from a cough standpoint we will wait .';
  assert.deepEqual(readTranscript(system).turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  // …not the request words alone: a patient uses their inhaler.
  assert.deepEqual(readTranscript('[doctor] and when you get short of breath ?\n[patient] i use my inhaler , it helps .').turns.map((x) => x.role), ['clinician', 'patient']);
  // So is ordering, prescribing or referring for the listener; the patient's own plans are not.
  const orders = '[doctor] any questions ?\n[patient] no . okay for the diabetes i wan na order a hemoglobin a1c today .';
  assert.deepEqual(readTranscript(orders).turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
  assert.deepEqual(readTranscript('[doctor] and exercise ?\n[patient] i am going to start walking more and i will increase my water .').turns.map((x) => x.role), ['clinician', 'patient']);
  // Asking about "the patient" is not dictating.
  assert.deepEqual(readTranscript('[doctor] hello .\n[patient] are you seeing the patient before me ?').turns.map((x) => x.role), ['clinician', 'patient']);
});
});

test("a patient-tagged turn that speaks to the listener about them throughout is the clinician's", () => {
  const plan = '[doctor] any questions ?\n[patient] okay so your x-ray was normal , your strength is good , and your pain should settle , so you can keep doing your exercises and you will see the therapist next week .';
  assert.deepEqual(readTranscript(plan).turns.map((x) => x.role), ['clinician', 'clinician']);
  // The patient's own story, and "you know" said as a filler, stay the patient's.
  const story = '[doctor] tell me more .\n[patient] well you know , you know how it is , you know , i get up and my knee aches and i can not walk far , you know , and then i sit down and you know it eases off .';
  assert.deepEqual(readTranscript(story).turns.map((x) => x.role), ['clinician', 'patient']);
});

test('generic speakers: the one who examines and asks is the clinician', () => {
  const t = readTranscript('Speaker 1: What brings you in today? Any pain?\nSpeaker 2: My back has been sore for a week.\nSpeaker 1: Let me examine you.');
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient', 'clinician']);
});

test('WebVTT cues with voices', () => {
  const text = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Doctor>Any cough?</v>\n\n00:00:03.000 --> 00:00:05.000\n<v Patient>No cough at all.</v>\n';
  const t = readTranscript(text);
  assert.equal(t.format, 'webvtt');
  assert.deepEqual(t.turns.map((x) => x.role), ['clinician', 'patient']);
  assert.equal(text.slice(t.sentences[1]!.span.start, t.sentences[1]!.span.end), 'No cough at all.');
});

test('a pasted transcription result: word spans point at the words inside the JSON', () => {
  const json = JSON.stringify({ channels: [{ transcript: '', words: [
    { word: 'any', start: 0, end: 1, confidence: 1, speaker: 0 }, { word: 'pain?', start: 1, end: 2, confidence: 1, speaker: 0 },
    { word: 'no', start: 2, end: 3, confidence: 1, speaker: 1 }, { word: 'pain.', start: 3, end: 4, confidence: 1, speaker: 1 }] }] });
  const t = readTranscript(json);
  assert.equal(t.format, 'transcription-json');
  assert.equal(t.turns.length, 2);
  assert.equal(t.sentences[1]!.text, 'no pain.');
  assert.ok(json.slice(t.sentences[1]!.span.start, t.sentences[1]!.span.end).endsWith('pain.'));
});

test('unlabelled text is one unknown speaker', () => {
  const t = readTranscript('Patient reports knee pain. Worse on stairs.');
  assert.equal(t.format, 'unlabelled');
  assert.equal(t.sentences.length, 2);
});

test('fillers, false starts and stutters are removed', () => {
  assert.equal(cleanUtterance('um , we- we\'re going to , uh , check the the murmur'), "we're going to, check the murmur");
  assert.equal(cleanUtterance('i , i love it'), 'i love it');
});

test('a visit whose doctor/patient tags are swapped for the whole visit is read the right way round', () => {
  const exchange = [
    '[patient] so what brings you in today ? have you had any fever ? do you have any chest pain ?',
    "[doctor] my knee hurts since last week . it swells up when i walk to my car and it keeps me up at night , i have tried ice .",
    "[patient] okay let me examine your knee . i'm going to order an x-ray and refer you to physical therapy . follow up in two weeks .",
    '[doctor] okay thanks .',
  ];
  const text = Array.from({ length: 4 }, () => exchange.join('\n')).join('\n');
  assert.deepEqual(readTranscript(text).turns.map((t) => t.role).slice(0, 4), ['clinician', 'patient', 'clinician', 'patient']);
});

test('a short excerpt keeps its labels: a few turns say too little to call them swapped', () => {
  // The patient asks back and agrees to a plan ("let's try…"); the doctor asks little.
  const text = [
    'Doctor: Your psoriasis is covering more of your skin now.',
    'Patient: What about those injections I have seen on TV?',
    'Doctor: Biologics are an option if light therapy does not work.',
    "Patient: Let's try the light therapy.",
  ].join('\n');
  assert.deepEqual(readTranscript(text).turns.map((t) => t.role), ['clinician', 'patient', 'clinician', 'patient']);
});

test("swapped tags the question count misses: the 'patient' addresses the listener, the 'doctor' speaks of themselves", () => {
  // The clinician's exam dictation falls under the doctor tag, so questions and exam cues do not
  // tell the two apart; who says "you" and who says "I" does.
  const visit = Array.from({ length: 12 }, () => [
    '[patient] okay and how long have you had the pain in your knee ? does it keep you up at night ?',
    '[doctor] i have had it since march and my knee swells when i walk to my car . i take my tablets . range of motion is reduced , any pain here ? exam of the left knee shows an effusion .',
  ].join('\n')).join('\n');
  const roles = readTranscript(visit).turns.map((t) => t.role);
  assert.deepEqual(roles.slice(0, 2), ['clinician', 'patient']);
  // Tagged the right way round, the talk stays where its tags put it.
  const right = visit.replace(/\[(patient|doctor)\]/g, (_, r: string) => (r === 'patient' ? '[doctor]' : '[patient]')).replace(/ range of motion[^\n]*/g, '');
  assert.deepEqual(readTranscript(right).turns.map((t) => t.role).slice(0, 2), ['clinician', 'patient']);
});

test('unpunctuated ASR sentences that open like questions are questions', () => {
  const t = '[doctor] how long have you had this pain\n[patient] about three weeks now\n[doctor] then tell me what you have taken for it\n[doctor] your shoulder has limited range of motion';
  assert.deepEqual(readTranscript(t).sentences.map((s) => s.question), [true, false, true, false]);
});

test('a visit on one line: each bracketed role label inside it starts a turn, other brackets do not', () => {
  const text = '[doctor] how is the knee ? [patient] it hurts [ sic ] when i walk . [doctor] okay .';
  const t = readTranscript(text);
  assert.deepEqual(t.turns.map((x) => [x.role, text.slice(x.span.start, x.span.end)]), [
    ['clinician', 'how is the knee ?'],
    ['patient', 'it hurts [ sic ] when i walk .'],
    ['clinician', 'okay .'],
  ]);
});
