// readVisit: one read of the transcript gives sentences with their parts and the typed facts, each with spans.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readVisit, type Visit } from './index.ts';

const said = (visit: Visit, spans: { start: number; end: number }[]): string => spans.map((s) => visit.text.slice(s.start, s.end)).join(' | ').toLowerCase();

const VISIT = [
  '[doctor] hi, what brings you in today?',
  "[patient] my right knee has been hurting for two weeks. i'm allergic to penicillin, it gives me hives.",
  '[doctor] do you have any fever?',
  '[patient] no.',
  '[doctor] okay, your blood pressure today',
  'was one thirty two over eighty four and your heart rate is seventy two.',
  '[doctor] on exam you have some swelling of the right knee.',
  '[doctor] so for your first problem, your diabetes, we will increase the metformin to one thousand milligrams twice a day.',
  '[doctor] for your next problem, the knee osteoarthritis, let\'s start meloxicam fifteen milligrams daily.',
  '[doctor] if the swelling gets worse, call us or go to the emergency room.',
  '[doctor] come back in four weeks.',
].join('\n');

test('the visit is read once into sentences with speakers, parts and plan cues', () => {
  const v = readVisit(VISIT, { gender: 'female' });
  assert.equal(v.format, 'labelled');
  assert.equal(v.sex, 'female');
  assert.ok(v.sentences.every((s, i) => s.index === i));
  assert.ok(v.sentences.some((s) => s.question && /fever/.test(s.text)));
  assert.ok(v.sentences.some((s) => s.part === 'plan' && /metformin/.test(s.text)));
  assert.ok(v.sentences.some((s) => s.safetyNet && /worse/.test(s.text)));
  assert.ok(v.sentences.some((s) => s.followUp && /four weeks/.test(s.text)));
  assert.ok(v.sentences.some((s) => s.allergy && /penicillin/.test(s.text)));
});

test('facts carry spans into the submitted text: vitals with units, allergies, chief complaint', () => {
  const v = readVisit(VISIT);
  const bp = v.vitals.find((x) => x.kind === 'bloodPressure')!;
  assert.equal(bp.value, '132/84 mmHg');
  assert.match(said(v, bp.spans), /blood pressure today.*one thirty two over eighty four/);
  assert.equal(v.vitals.find((x) => x.kind === 'heartRate')?.value, '72 bpm');
  assert.deepEqual(v.allergies.map((a) => [a.substance, a.reaction]), [['Penicillin', 'hives']]);
  assert.equal(v.chiefComplaint?.text, 'Right knee pain');
  assert.equal(v.chiefComplaint?.stated, true);
});

test('a medication change is tied to the problem it was said under; an allergen is never a medication', () => {
  const v = readVisit(VISIT);
  const names = v.problems.map((p) => p.name.toLowerCase());
  const metformin = v.medications.find((m) => m.name === 'Metformin')!;
  assert.equal(metformin.change, 'increase');
  assert.equal(metformin.dosage, '1000 mg');
  assert.match(names[metformin.problem!]!, /diabetes/);
  const meloxicam = v.medications.find((m) => m.name === 'Meloxicam')!;
  assert.equal(meloxicam.change, 'start');
  assert.match(names[meloxicam.problem!]!, /osteoarthritis/);
  assert.ok(!v.medications.some((m) => /penicillin/i.test(m.name)));
  assert.ok(v.problems.some((p) => /diabetes/i.test(p.name) && p.chronic));
});

test('a problem carries its assertion context', () => {
  // Said only as history, a condition of an excerpt is not coded (coding/select.ts): here the plan takes it up.
  const v = readVisit('[doctor] you have a history of asthma.\n[doctor] for your asthma, keep using the inhaler.\n[doctor] today this looks like an ankle sprain.');
  const asthma = v.problems.find((p) => /asthma/i.test(p.name));
  assert.ok(asthma, 'asthma coded');
  assert.equal(asthma.assertion.historical, true);
  assert.equal(v.problems.find((p) => /sprain/i.test(p.name))?.assertion.historical, false);
});

test('no known drug allergies, and the chief complaint falls back to the first problem', () => {
  const v = readVisit('[doctor] any allergies to medications?\n[patient] no.\n[doctor] your blood work shows type 2 diabetes is well controlled.');
  assert.equal(v.allergies.length, 0);
  assert.equal(v.noAllergies?.text, 'No known drug allergies.');
  assert.equal(v.chiefComplaint?.stated, false);
  assert.match(v.chiefComplaint?.text ?? '', /diabetes/i);
});

test('orders, results and routes are read with their spans', () => {
  const t = [
    '[doctor] your x-ray from last week showed no fracture and your a1c was seven point two.',
    "[doctor] so for the plan, let's get an mri of the knee and i'll refer you to physical therapy.",
    '[doctor] use the albuterol inhaler two puffs as needed.',
  ].join('\n');
  const v = readVisit(t);
  assert.deepEqual(v.orders.map((o) => [o.kind, o.what]), [['imaging', 'mri'], ['referral', 'refer you'], ['therapy', 'physical therapy']]);
  for (const o of v.orders) assert.match(said(v, o.spans), /mri of the knee/);
  assert.ok(v.results.some((r) => /a1c was 7\.2/.test(r.text) && /x-ray/.test(said(v, r.spans))));
  assert.equal(v.medications.find((m) => m.name === 'Albuterol')?.route, 'inhaled');
});

test('a test still to be done or waited for is plan talk, not a result', () => {
  const t = [
    '[doctor] hi there, what brings you in today?',
    '[patient] my stomach has been hurting on and off for about a month now.',
    '[doctor] your ultrasound from last month showed a small gallstone.',
    '[doctor] we will get some blood work drawn today and we should have the results back in a couple of days.',
    '[doctor] depending on the results you may need a ct scan of the abdomen.',
  ].join('\n');
  const v = readVisit(t);
  const part = (re: RegExp): string | undefined => v.sentences.find((s) => re.test(s.text))?.part;
  assert.equal(part(/ultrasound from last month/), 'results');
  assert.equal(part(/results back/), 'plan');
  assert.equal(part(/depending on the results/), 'plan');
  assert.ok(v.results.every((r) => !/results back|depending/.test(r.text)));
});

test("the patient's agreement with the plan is read from the check near the end, with both turns as evidence", () => {
  const lines = [
    '[doctor] what brings you in today?',
    '[patient] my ankle has been swollen for three days.',
    '[doctor] on exam there is swelling over the lateral ankle.',
    "[doctor] we will get an x-ray and start ibuprofen six hundred milligrams. does that sound good?",
  ];
  const agreed = readVisit([...lines, '[patient] sounds good, thank you.'].join('\n'));
  assert.match(agreed.planAgreement?.text ?? '', /agrees with the recommended medical treatment plan/);
  assert.match(said(agreed, agreed.planAgreement!.spans), /does that sound good.*\| sounds good/);
  assert.equal(readVisit([...lines, '[patient] can i still go running on it?'].join('\n')).planAgreement, undefined);
});
