import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EngineError, type NoteRequest } from '../../ports.ts';
import { createEmbeddedNoteEngine } from './index.ts';

const VISIT = [
  "[doctor] hi , how are you doing today ?",
  "[patient] i've been having pain in my right knee for about two weeks . it hurts when i climb stairs .",
  "[doctor] any fever or chills ?",
  "[patient] no .",
  "[doctor] okay , let me do a quick physical exam . your blood pressure is one twenty over eighty and your heart rate is seventy two .",
  "[doctor] on exam of your right knee , there is tenderness over the medial joint line and a small effusion .",
  "[doctor] so for my assessment , i think you have a medial meniscus tear of the right knee . i'm going to start you on meloxicam fifteen milligrams once a day .",
  "[doctor] i want you to ice the knee and follow up in two weeks .",
].join('\n');

type Json = Record<string, any>;
const engine = createEmbeddedNoteEngine();
const soap = (over: Partial<NoteRequest> = {}) => engine.generateNote({ transcript: VISIT, noteType: { type: 'soap' }, ...over });

test('a visit becomes a SOAP note under the usual headings', async () => {
  const note = await soap({ patientInfo: { gender: 'female' } });
  for (const h of ['HISTORY OF PRESENT ILLNESS', 'REVIEW OF SYSTEMS', 'PHYSICAL EXAMINATION', 'ASSESSMENT AND PLAN']) assert.ok(note.markdown.includes(h), h);
  const j = note.json as Json;
  assert.equal(j.objective.vitalSigns.bloodPressure, '120/80 mmHg');
  assert.equal(j.objective.vitalSigns.heartRate, '72 bpm');
  assert.deepEqual({ ...j.plan.medications[0], instructions: undefined }, { name: 'Meloxicam', dosage: '15 mg', frequency: 'once daily', instructions: undefined });
  assert.match(j.plan.medications[0].instructions, /meloxicam 15 mg/i);
  assert.match(j.subjective.reviewOfSystems.constitutional, /^Denies fever, chills\.$/);
  assert.match(j.subjective.historyOfPresentIllness, /\bThe patient reports she has been having pain in her right knee\b/);
  assert.ok(j.plan.followUp);
});

test('every markdown sentence and JSON leaf has evidence inside the transcript', async () => {
  const note = await soap();
  const ev = (note.json as Json).evidence;
  assert.ok(ev.markdown.length > 5);
  for (const e of ev.markdown) {
    assert.ok(e.end > e.start && e.end <= note.markdown.length);
    assert.ok(e.spans.length > 0 || e.request);
    for (const s of e.spans) assert.ok(s.start >= 0 && s.end <= VISIT.length && s.end > s.start);
  }
  const leaves: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    else leaves.push(path);
  };
  const { evidence: _e, ...rest } = note.json as Json;
  walk(rest, '');
  for (const leaf of leaves) assert.ok(ev.fields[leaf]?.spans.length, `no evidence for ${leaf}`);
});

test('medicationList corrects a misheard drug name', async () => {
  const note = await engine.generateNote({ transcript: '[doctor] keep taking the metforman five hundred milligrams twice a day .', noteType: { type: 'soap' }, medicationList: ['Metformin'] });
  const med = (note.json as Json).plan.medications[0];
  assert.deepEqual([med.name, med.dosage, med.frequency], ['Metformin', '500 mg', 'twice daily']);
});

test('no clinical content gives empty sections, no filler', async () => {
  const note = await engine.generateNote({ transcript: '[doctor] hi there .\n[patient] hello .', noteType: { type: 'soap' } });
  assert.equal(note.markdown, '');
  assert.deepEqual(Object.keys(note.json), ['evidence']);
});

test('other languages, empty transcripts and template notes are refused clearly', async () => {
  await assert.rejects(soap({ language: 'fr' }), EngineError);
  await assert.rejects(engine.generateNote({ transcript: '  ', noteType: { type: 'soap' } }), EngineError);
  await assert.rejects(engine.generateNote({ transcript: VISIT, noteType: { type: 'note_style', template: 'x' } }), /not supported/);
});

test('patientInfo and date give the opening line; instructions change length', async () => {
  const note = await engine.generateNote({ transcript: '[patient] my knee hurts when i walk up the stairs every day .', noteType: { type: 'soap' },
    patientInfo: { name: 'Ann Lee', gender: 'female', dateOfBirth: '1970-05-01' }, date: '2026-06-01' });
  assert.match(note.markdown, /Ann Lee is a 56-year-old female\./);
  const ev = (note.json as Json).evidence.markdown.find((e: any) => note.markdown.slice(e.start, e.end).startsWith('Ann Lee'));
  assert.equal(ev.request, 'patientInfo');
  const long = VISIT.repeat(6);
  const brief = await engine.generateNote({ transcript: long, noteType: { type: 'soap' }, instructions: ['keep it brief'] });
  const full = await engine.generateNote({ transcript: long, noteType: { type: 'soap' } });
  assert.ok(brief.markdown.length <= full.markdown.length);
});

test('a drug named in the previous note corrects its misheard spelling', async () => {
  const note = await engine.generateNote({ transcript: '[doctor] keep taking the atorvastaten forty milligrams at night .', noteType: { type: 'soap' }, previousNote: 'Plan: atorvastatin 40 mg nightly.' });
  assert.equal((note.json as Json).plan.medications[0].name, 'Atorvastatin');
});

test('WebVTT, a transcription result and unlabelled dictation all give notes with evidence', async () => {
  const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Doctor>Your blood pressure is one forty over ninety today.\n\n00:00:04.000 --> 00:00:08.000\n<v Patient>I have been having headaches for two weeks.\n';
  const a = (await engine.generateNote({ transcript: vtt, noteType: { type: 'soap' } })).json as Json;
  assert.equal(a.objective.vitalSigns.bloodPressure, '140/90 mmHg');
  assert.match(a.subjective.historyOfPresentIllness, /headaches for 2 weeks/);

  const words = 'i have had a cough for three days .'.split(' ').map((w, i) => ({ word: w, start: i, end: i + 1, confidence: 0.9, speaker: 1 }));
  const asr = JSON.stringify({ channels: [{ transcript: '', confidence: 0.9, words: [
    ...'any fever ?'.split(' ').map((w, i) => ({ word: w, start: i, end: i + 1, confidence: 0.9, speaker: 0 })), ...words] }] });
  const b = await engine.generateNote({ transcript: asr, noteType: { type: 'soap' } });
  for (const e of (b.json as Json).evidence.markdown) for (const s of e.spans) assert.ok(s.end <= asr.length);

  const dictation = 'Patient presents with right knee pain for two weeks. Plan: start ibuprofen four hundred milligrams three times a day.';
  const c = (await engine.generateNote({ transcript: dictation, noteType: { type: 'soap' } })).json as Json;
  assert.deepEqual([c.plan.medications[0].name, c.plan.medications[0].dosage, c.plan.medications[0].frequency], ['Ibuprofen', '400 mg', 'three times daily']);
});

test('speech is put into note voice', async () => {
  const { patientToThird, clinicianToNote, noteSentence: tidy } = await import('../language/index.ts');
  assert.equal(patientToThird("i've been having pain in my knee and i take tylenol", 'male'), 'he has been having pain in his knee and he takes tylenol');
  assert.equal(tidy(clinicianToNote("so i'm going to start you on lasix , okay ?", 'female')), 'We will start her on lasix.');
  assert.equal(tidy(clinicianToNote('i want you to ice the knee', 'female')), 'She should ice the knee.');
});

test('the subject that replaces "you" takes a third-person verb', async () => {
  const { clinicianToNote } = await import('../language/index.ts');
  assert.equal(clinicianToNote('on exam you do have some tenderness', 'female'), 'on exam she does have some tenderness');
  assert.equal(clinicianToNote("you don't have a fever and you are tender here", 'male'), "he doesn't have a fever and he is tender here");
  assert.equal(clinicianToNote('i think you have a sprain', undefined), 'i think the patient has a sprain');
});

test('commands to the patient or the dictation assistant and cut-off sentences stay out of the note', async () => {
  const transcript = [
    '[doctor] what brings you in today ?',
    '[patient] my right knee has been hurting for two weeks after i fell .',
    '[doctor] okay , show me the x-rays of the right knee please .',
    "[doctor] why don't you come with me and we will get you signed out .",
    '[doctor] so for your knee we will go ahead and ...',
    '[doctor] we will start ibuprofen 600 milligrams every six hours for a week .',
  ].join('\n');
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' } });
  assert.doesNotMatch(note.markdown, /show me|come with me|go ahead and\.\.\./i);
  assert.match(note.markdown, /ibuprofen/i);
});

test('the review of systems does not deny what the patient told of; dictation instructions and asked questions stay out', async () => {
  const transcript = [
    '[doctor] what brings you in today ?',
    '[patient] i was having chest pains for four days last month .',
    '[doctor] okay . so how has your weight been .',
    '[patient] about the same .',
    '[doctor] any chest pain since then ?',
    '[patient] no .',
    '[doctor] any abdominal pain ?',
    '[patient] no .',
    "[doctor] in assessment , please summarize the patient's history briefly .",
  ].join('\n');
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' } });
  const ros = ((note.json as Json).subjective?.reviewOfSystems ?? {}) as Record<string, string>;
  assert.doesNotMatch(Object.values(ros).join(' '), /chest pain/i);
  assert.match(ros.gastrointestinal ?? '', /Denies abdominal pain/);
  assert.doesNotMatch(note.markdown, /please summarize|how has (?:her|his|the patient's) weight/i);
});

test('framing words are dropped and abdominal findings are filed under the abdomen', async () => {
  const { clinicianToNote } = await import('../language/index.ts');
  assert.equal(clinicianToNote("so we'll say you have some mild tenderness", 'female'), 'so she has some mild tenderness');
  const { examArea } = await import('./exam.ts');
  assert.equal(examArea('She has mild tenderness in the upper abdominal quadrants.'), 'abdomen');
  assert.equal(examArea('Tenderness over the lateral right knee.'), 'musculoskeletal');
});

test("the clinician's introduction gives the patient's sex when patientInfo does not", async () => {
  const transcript = "[doctor] logan is a 58 year old male who presents today with back pain .\n[patient] i hurt my back lifting boxes for my daughter and her friend .";
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' } });
  assert.match(note.markdown, /\bThe patient reports he hurt his back\b/);
});

test('the assessment and plan follow the problems as the clinician framed them', async () => {
  const transcript = [
    '[doctor] what brings you in today ?',
    '[patient] my back hurts after lifting boxes , and my sugars have been high .',
    '[doctor] you have type 2 diabetes and hypertension , right ?',
    '[patient] yes , for about ten years now .',
    '[doctor] how long has the back pain been going on ?',
    '[patient] about a week , it is worse when i bend over .',
    '[doctor] any numbness or tingling in your legs ?',
    '[patient] no .',
    '[doctor] okay , on exam you have tenderness of the lumbar spine with normal strength in your legs .',
    '[doctor] okay , let me go over my assessment and plan .',
    '[doctor] for your first problem , your back pain . i think you have a lumbar strain . we will start meloxicam 15 mg once a day .',
    '[doctor] for your next problem , your diabetes . we will increase the metformin to 1000 mg twice a day .',
    '[doctor] for your third problem , your hypertension . we will increase the lisinopril to 20 mg a day .',
  ].join('\n');
  const { markdown } = await engine.generateNote({ transcript, noteType: { type: 'soap' }, patientInfo: { gender: 'male' } });
  const plan = markdown.slice(markdown.indexOf('ASSESSMENT AND PLAN'));
  const block = (word: RegExp) => plan.split('\n\n').find((b) => word.test(b.split('\n')[0]!)) ?? '';
  assert.match(block(/diabetes/i), /metformin/);
  assert.doesNotMatch(block(/diabetes/i), /lisinopril|meloxicam/);
  assert.match(block(/hypertension|blood pressure/i), /lisinopril/);
  assert.doesNotMatch(plan, /For his next problem/);
  assert.match(block(/diabetes/i), /\n• Medical Treatment: .*metformin/);
});

test('the markdown lists the medications with dose and frequency, each line with its evidence', async () => {
  const transcript = "[doctor] what medicines are you on ?\n[patient] i take metformin five hundred milligrams twice a day .\n[doctor] okay , we will continue the metformin .";
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' } });
  assert.match(note.markdown, /MEDICATIONS\n\nMetformin 500 mg twice daily\./);
  const evidence = (note.json as Json).evidence.markdown as { start: number; end: number; spans: { start: number; end: number }[] }[];
  const line = evidence.find((e) => note.markdown.slice(e.start, e.end).startsWith('Metformin 500 mg'));
  assert.ok(line && line.spans.some((s) => /metformin/.test(transcript.slice(s.start, s.end))));
});

test("what the patient tells is attributed: a turn's first sentence is reported, a later one names the patient", async () => {
  const transcript = [
    '[doctor] what brings you in today?',
    "[patient] well , my left ankle has been swelling for about three days . i ca n't put weight on it since the fall .",
    '[doctor] any fever?',
    "[patient] no , i have n't had any fever at all .",
  ].join('\n');
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' }, patientInfo: { gender: 'female' } });
  const hpi = note.markdown.split('HISTORY OF PRESENT ILLNESS')[1]?.split(/\n[A-Z][A-Z ]+\n/)[0] ?? '';
  assert.match(hpi, /The patient reports her left ankle has been swelling for about 3 days\./);
  assert.match(hpi, /The patient cannot put weight on it since the fall\./);
  assert.doesNotMatch(hpi, /reports (?:well|no)\b/i);
});

test("a plan sentence's opening clause that only names its problem is dropped under that problem", async () => {
  const transcript = [
    '[doctor] what brings you in today ?',
    '[patient] my back hurts after lifting boxes , and my sugars have been high .',
    '[doctor] okay , on exam you have tenderness of the lumbar spine .',
    '[doctor] so , let me talk about my assessment and plan for you .',
    '[doctor] for your first problem , your back pain , i think you have a lumbar strain from the lifting .',
    '[doctor] in terms of your diabetes , we will increase the metformin to 1000 mg twice a day .',
  ].join('\n');
  const { markdown } = await engine.generateNote({ transcript, noteType: { type: 'soap' }, patientInfo: { gender: 'male' } });
  const plan = markdown.slice(markdown.indexOf('ASSESSMENT AND PLAN'));
  assert.match(plan, /: I think he has a lumbar strain from the lifting\./);
  assert.match(plan, /: We will increase the metformin to 1000 mg twice a day\./);
  assert.doesNotMatch(plan, /first problem|in terms of|assessment and plan for/i);
});

test("the patient's agreement with the plan closes the assessment and plan and is in the JSON", async () => {
  const transcript = [
    '[doctor] what brings you in today ?',
    '[patient] my right ankle has been swollen for three days since i twisted it .',
    '[doctor] on exam there is swelling and tenderness over the lateral ankle .',
    '[doctor] i think you have an ankle sprain . we will start ibuprofen 600 mg three times a day . any questions ?',
    '[patient] no , not at this point .',
  ].join('\n');
  const note = await engine.generateNote({ transcript, noteType: { type: 'soap' }, patientInfo: { gender: 'female' } });
  assert.match(note.markdown, /\n\nPatient Agreements: The patient understands and agrees with the recommended medical treatment plan\./);
  assert.equal((note.json as Json).plan.patientAgreement, 'The patient understands and agrees with the recommended medical treatment plan.');
});

test("the assessment opens with the clinician's one-line summary of the patient", async () => {
  const transcript = [
    '[doctor] martha is a 50 -year-old female with a past medical history of hypertension who presents for knee pain .',
    '[patient] my left knee has been hurting for about two weeks .',
    '[doctor] on exam there is tenderness over the medial joint line .',
    '[doctor] for your knee pain , i think it is osteoarthritis . we will start meloxicam 15 mg daily .',
  ].join('\n');
  const { markdown } = await engine.generateNote({ transcript, noteType: { type: 'soap' }, patientInfo: { gender: 'female' } });
  assert.match(markdown, /ASSESSMENT AND PLAN\n\nMartha is a 50-year-old female with a past medical history of hypertension who presents for knee pain\.\n\n/);
});
