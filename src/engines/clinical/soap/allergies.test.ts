// Allergies, device words and the written plan in SOAP notes: what a clinician would reject
// (an allergen listed as a medication, "Inhaler" as a drug, a rash from the allergy history
// coded as a diagnosis, a plan missing from the markdown).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Span } from '../../ports.ts';
import { splitFollowUp } from './followup.ts';
import { generateSoapNote } from './index.ts';
import { COUGH_VISIT } from '../templates/fixtures.test-data.ts';

type Json = Record<string, any>;

const COUGH = COUGH_VISIT;

const note = (transcript: string) => {
  const n = generateSoapNote({ transcript, noteType: { type: 'soap', includeJson: true } });
  return { markdown: n.markdown, json: n.json as Json };
};
const said = (transcript: string, spans: Span[]): string[] => spans.map((s) => transcript.slice(s.start, s.end).toLowerCase());
const section = (markdown: string, heading: string): string => {
  const at = markdown.indexOf(`${heading}\n\n`);
  if (at < 0) return '';
  const body = markdown.slice(at + heading.length + 2);
  const next = body.search(/\n\n[A-Z][A-Z ]+\n\n/);
  return next < 0 ? body : body.slice(0, next);
};
const medNames = (j: Json): string[] => (j.plan?.medications ?? []).map((m: Json) => m.name.toLowerCase());
const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

test('an allergy answered to the allergy question is an allergy, with evidence on its words', () => {
  const { markdown, json } = note(COUGH);
  assert.deepEqual(json.subjective.allergies, [{ substance: 'Penicillin', reaction: 'rash' }]);
  const f = json.evidence.fields;
  assert.deepEqual(said(COUGH, f['subjective.allergies.0.substance'].spans), ['penicillin']);
  assert.deepEqual(said(COUGH, f['subjective.allergies.0.reaction'].spans), ['rash']);
  assert.equal(section(markdown, 'ALLERGIES').trim(), 'Penicillin (rash).');
  // The markdown line is grounded on the same words.
  const line = json.evidence.markdown.find((e: Json) => markdown.slice(e.start, e.end) === 'Penicillin (rash).');
  assert.ok(line, 'no evidence for the allergy line');
  assert.ok(said(COUGH, line.spans).some((t) => t.includes('penicillin')));
  // It is not history of the present illness, and the allergy question is not either.
  assert.doesNotMatch(json.subjective.historyOfPresentIllness, /penicillin|rash/i);
  assert.doesNotMatch(section(markdown, 'HISTORY OF PRESENT ILLNESS'), /penicillin|rash|allergic/i);
});

test('an allergen is not a medication; a device is the form of the drug it is said with', () => {
  const { json } = note(COUGH);
  assert.deepEqual(medNames(json), ['albuterol']);
  const albuterol = json.plan.medications[0];
  assert.equal(albuterol.form, 'inhaler');
  assert.equal(albuterol.dosage, '2 puffs');
  assert.equal(albuterol.frequency, 'every 4 hours');
});

test('a reaction in the allergy history is not a diagnosis of the visit', () => {
  const { json } = note(COUGH);
  const codes = json.assessment.diagnoses.map((d: Json) => d.icdCode);
  assert.deepEqual(codes, ['R05.9', 'R06.2']);
  const allergyLine = { start: COUGH.indexOf('penicillin gives'), end: COUGH.indexOf('rash.') + 5 };
  json.assessment.diagnoses.forEach((_: Json, i: number) => {
    for (const s of json.evidence.fields[`assessment.diagnoses.${i}.description`].spans) assert.ok(!overlaps(s, allergyLine), `diagnosis ${i} comes from the allergy`);
  });
});

test('the plan said is written under ASSESSMENT AND PLAN, with follow-up on its own line', () => {
  const { markdown, json } = note(COUGH);
  const ap = section(markdown, 'ASSESSMENT AND PLAN');
  assert.match(ap, /We will start an albuterol inhaler, 2 puffs every 4 hours as needed\./);
  assert.match(ap, /\n\nFollow up in 2 weeks\.\n?$/);
  assert.equal(json.plan.followUp, 'Follow up in 2 weeks.');
  assert.deepEqual(said(COUGH, json.evidence.fields['plan.followUp'].spans).map((t) => t.includes('see you back in two weeks')), [true]);
  // Problems are still listed, and none of them is the allergy's rash.
  assert.match(ap, /^Cough\.$/m);
  assert.doesNotMatch(ap, /dermatitis|rash/i);
});

test('allergic to sulfa, it gives me hives: the substance, the reaction, no hives diagnosis', () => {
  const t = `[doctor] do you have any allergies?
[patient] yeah, i'm allergic to sulfa, it gives me hives.
[doctor] okay, and what are you taking?
[patient] i take metformin five hundred milligrams twice a day for my diabetes.`;
  const { markdown, json } = note(t);
  assert.deepEqual(json.subjective.allergies, [{ substance: 'Sulfa', reaction: 'hives' }]);
  assert.deepEqual(said(t, json.evidence.fields['subjective.allergies.0.substance'].spans), ['sulfa']);
  assert.deepEqual(said(t, json.evidence.fields['subjective.allergies.0.reaction'].spans), ['hives']);
  assert.equal(section(markdown, 'ALLERGIES').trim(), 'Sulfa (hives).');
  assert.ok(!(json.assessment?.diagnoses ?? []).some((d: Json) => d.icdCode === 'L50.9'), 'hives coded as a diagnosis');
  assert.deepEqual(medNames(json), ['metformin']);
});

test('a drug allergy and a medication in one visit stay apart (brand or generic)', () => {
  const t = `[doctor] any allergies to medications?
[patient] i'm allergic to bactrim. it gives me a rash and my lips swell.
[doctor] okay, so we'll avoid bactrim and start you on keflex five hundred milligrams four times a day for the infection.`;
  const { json } = note(t);
  assert.deepEqual(json.subjective.allergies.map((a: Json) => a.substance), ['Bactrim']);
  assert.match(json.subjective.allergies[0].reaction, /rash/);
  assert.deepEqual(medNames(json), ['keflex']);
  assert.ok(!(json.assessment?.diagnoses ?? []).some((d: Json) => /^L30|^L50/.test(d.icdCode ?? '')));
});

test('an allergy said in the plan keeps the plan; hives from shellfish is an allergy', () => {
  const t = `[doctor] what brings you in?
[patient] i've had facial pressure and green nasal drainage for ten days.
[patient] i get hives from shellfish.
[doctor] your exam shows tenderness over the maxillary sinuses.
[doctor] so since you're allergic to penicillin, we'll start azithromycin five hundred milligrams today for the sinus infection.`;
  const { markdown, json } = note(t);
  assert.deepEqual(json.subjective.allergies, [{ substance: 'Shellfish', reaction: 'hives' }, { substance: 'Penicillin' }]);
  assert.deepEqual(medNames(json), ['azithromycin']);
  assert.match(section(markdown, 'ASSESSMENT AND PLAN'), /we will start azithromycin 500 mg today/i);
});

test('a reaction to "that" is an allergy to the drug just named, and the plan to avoid it stays', () => {
  const t = `[patient] my right index finger still catches when i bend it.
[doctor] on exam there is tenderness over the a1 pulley of the right index finger.
[doctor] i recommend a steroid injection for the trigger finger.
[doctor] i would avoid the dexamethasone, because i saw you had a bad reaction to that. we could use the betamethasone instead.`;
  const { markdown, json } = note(t);
  assert.deepEqual(json.subjective.allergies, [{ substance: 'Dexamethasone' }]);
  assert.deepEqual(said(t, json.evidence.fields['subjective.allergies.0.substance'].spans), ['dexamethasone']);
  assert.ok(!medNames(json).includes('dexamethasone'));
  assert.match(markdown, /avoid the dexamethasone/);
});

test('several allergens in one list', () => {
  const t = `[doctor] and you're allergic to percocet, vicodin and reglan.
[patient] that's right.`;
  const { json } = note(t);
  assert.deepEqual(json.subjective.allergies.map((a: Json) => a.substance), ['Percocet', 'Vicodin', 'Reglan']);
  for (const [i, word] of ['percocet', 'vicodin', 'reglan'].entries()) {
    assert.deepEqual(said(t, json.evidence.fields[`subjective.allergies.${i}.substance`].spans), [word]);
  }
  assert.deepEqual(medNames(json), []);
});

test('no known drug allergies is said as such', () => {
  for (const t of [
    `[doctor] any drug allergies?\n[patient] no known drug allergies.`,
    `[doctor] are you allergic to any medications?\n[patient] no, not that i know of.`,
    `[doctor] she has no known drug allergies and takes lisinopril ten milligrams daily.`,
  ]) {
    const { markdown, json } = note(t);
    assert.equal(json.subjective.allergyStatus, 'No known drug allergies', t);
    assert.equal(json.subjective.allergies, undefined);
    assert.equal(section(markdown, 'ALLERGIES').trim(), 'No known drug allergies.');
    assert.ok(json.evidence.fields['subjective.allergyStatus'].spans.length > 0);
  }
  const { json } = note('[doctor] any allergies?\n[patient] nope, none.');
  assert.equal(json.subjective.allergyStatus, 'No known allergies');
});

test('a medication the patient is on is a medication, not an allergy', () => {
  const t = `[doctor] she is on lisinopril 10 mg daily for her blood pressure.
[doctor] any allergies?
[patient] no.`;
  const { json } = note(t);
  assert.deepEqual(json.plan.medications.map((m: Json) => [m.name, m.dosage, m.frequency]), [['Lisinopril', '10 mg', 'once daily']]);
  assert.equal(json.subjective.allergies, undefined);
});

test('not allergic, someone else\'s allergy, a question and a treatment that helped are not allergies', () => {
  for (const t of [
    "[patient] i'm not allergic to penicillin as far as i know.",
    '[patient] my mother is allergic to penicillin, it gives her hives.',
    '[doctor] are you allergic to penicillin?',
    '[patient] the hydrocortisone cream made the itching a lot better.',
  ]) {
    const { json } = note(t);
    assert.equal(json.subjective?.allergies, undefined, t);
  }
});

test('device and dose-form words are never a medication name', () => {
  const t = `[doctor] keep using the albuterol nebulizer twice a day.
[doctor] we will switch you to an insulin pen, ten units at night.
[doctor] and start a nicotine patch, twenty one milligrams daily.
[doctor] use your rescue inhaler as needed and bring the epinephrine auto-injector with you.`;
  const { json } = note(t);
  const meds = json.plan.medications as Json[];
  const names = meds.map((m) => m.name.toLowerCase());
  for (const device of ['inhaler', 'nebulizer', 'pen', 'patch', 'auto-injector']) assert.ok(!names.includes(device), `${device} listed as a medication`);
  const form = (name: string) => meds.find((m) => m.name.toLowerCase() === name)?.form;
  assert.equal(form('albuterol'), 'nebulizer');
  assert.equal(form('insulin'), 'pen');
  assert.equal(form('nicotine'), 'patch');
  assert.equal(form('epinephrine'), 'auto-injector');
});

test('every allergy leaf and markdown line has evidence inside the transcript', () => {
  const { markdown, json } = note(COUGH);
  for (const e of json.evidence.markdown) {
    assert.ok(e.spans.length > 0 || e.request, markdown.slice(e.start, e.end));
    for (const s of e.spans) assert.ok(s.start >= 0 && s.end <= COUGH.length && s.end > s.start);
  }
  const leaves: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    else leaves.push(path);
  };
  const { evidence: _e, ...rest } = json;
  walk(rest, '');
  for (const leaf of leaves) assert.ok(json.evidence.fields[leaf]?.spans.length, `no evidence for ${leaf}`);
});

test('follow-up is split off a plan sentence only where it can be cut cleanly', () => {
  assert.deepEqual(splitFollowUp('We will start an albuterol inhaler, 2 puffs every 4 hours as needed, and see the patient back in 2 weeks.'),
    { rest: 'We will start an albuterol inhaler, 2 puffs every 4 hours as needed.', followUp: 'Follow up in 2 weeks.' });
  assert.deepEqual(splitFollowUp('We will see her back in 3 months.'), { followUp: 'We will see her back in 3 months.' });
  assert.deepEqual(splitFollowUp('We will order an x-ray and follow up with orthopedics for the fracture.'),
    { rest: 'We will order an x-ray.', followUp: 'Follow up with orthopedics for the fracture.' });
  assert.equal(splitFollowUp('We will increase the lisinopril to 20 mg.'), undefined);
  assert.equal(splitFollowUp('She should return to work on Monday.'), undefined);
});
