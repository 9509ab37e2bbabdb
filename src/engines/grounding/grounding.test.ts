// Grounding: facts of a model answer located in the transcript, or dropped/flagged.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { goodSoap, plantedSoap, VISIT } from '../llm/testing/visit.test-data.ts';
import { toSpecSoap } from '../llm/soap-schema.ts';
import { groundExtraction } from './json.ts';
import { groundProse } from './prose.ts';
import { groundSoap } from './soap.ts';
import { TranscriptGrounder } from './transcript-grounder.ts';

const grounder = new TranscriptGrounder(VISIT);
const said = (span: { start: number; end: number } | null) => (span ? VISIT.slice(span.start, span.end) : null);

describe('transcript grounder', () => {
  test('finds said medications by name or generic, and not invented ones', () => {
    assert.match(said(grounder.locate('medication', 'Lisinopril'))!, /lisinopril/i);
    assert.match(said(grounder.locate('medication', 'HCTZ hydrochlorothiazide'))!, /hydrochlorothiazide/i);
    assert.equal(grounder.locate('medication', 'Metoprolol'), null);
    assert.ok(grounder.locate('medication', 'Zestril'), 'a brand of lisinopril is lisinopril');
  });

  test('a brand name is grounded by its generic', () => {
    const g = new TranscriptGrounder('[patient] I take tylenol for the pain.');
    assert.ok(g.locate('medication', 'Acetaminophen 500 mg'));
  });

  test('a dose is found beside its drug, a wrong one is not', () => {
    const drug = grounder.locate('medication', 'lisinopril')!;
    assert.ok(grounder.locate('dose', '40 mg', drug));
    assert.ok(grounder.locate('dose', '20 mg', drug));
    assert.equal(grounder.locate('dose', '80 mg', drug), null);
  });

  test('vital signs match by kind and spoken value', () => {
    assert.ok(grounder.locate('vital', 'blood pressure 150/95 mmHg'));
    assert.ok(grounder.locate('vital', 'heart rate 78 bpm'));
    assert.equal(grounder.locate('vital', 'heart rate 110 bpm'), null);
    assert.equal(grounder.locate('vital', 'temperature 101.2 °F'), null);
  });

  test('diagnoses match by concept, allergies by substance', () => {
    assert.ok(grounder.locate('diagnosis', 'Essential hypertension'));
    assert.equal(grounder.locate('diagnosis', 'Type 2 diabetes mellitus'), null);
    assert.ok(grounder.locate('allergy', 'Penicillin'));
    assert.equal(grounder.locate('allergy', 'Sulfa drugs'), null);
  });

  test('a lay symptom at a body site grounds its diagnosis as the coder composes it', () => {
    const said = new TranscriptGrounder('[patient] my left knee has been really sore.\n[patient] and there is pain in my stomach.');
    const knee = said.locate('diagnosis', 'Left knee pain');
    assert.ok(knee && knee.end < 50);
    assert.ok(said.locate('diagnosis', 'Abdominal pain'));
    assert.equal(said.locate('diagnosis', 'Chest pain'), null);
  });

  test('an index entry grounds the official title of the code it leads to', () => {
    const said = new TranscriptGrounder('[doctor] so he is a 52 year old man here about his hypogonadism .\n[doctor] and the scan showed an aneurysm of the ascending aorta .');
    assert.ok(said.locate('diagnosis', 'Testicular hypofunction'));
    assert.ok(said.locate('diagnosis', 'Aneurysm of the ascending aorta, without rupture'));
    assert.equal(said.locate('diagnosis', 'Ovarian hypofunction'), null);
    assert.equal(said.locate('diagnosis', 'Acute pancreatitis'), null);
  });
});

describe('grounding prose', () => {
  test('drops the sentence with an invented drug and keeps the rest (drop); keeps it in flag mode', () => {
    const text = 'He takes lisinopril 20 mg daily. He also takes metoprolol 50 mg. Headaches for two weeks.';
    const dropped = groundProse(text, 'hpi', grounder, 'drop');
    assert.equal(dropped.text, 'He takes lisinopril 20 mg daily. Headaches for two weeks.');
    assert.deepEqual(dropped.ungrounded.map((u) => u.text), ['metoprolol']);
    const flagged = groundProse(text, 'hpi', grounder, 'flag');
    assert.equal(flagged.text, text);
    assert.deepEqual(flagged.ungrounded.map((u) => u.text), ['metoprolol']);
  });

  test('a dose after "to", "at" or "from" is read too', () => {
    assert.equal(groundProse('Increase lisinopril to 40 mg.', 'p', grounder, 'drop').ungrounded.length, 0);
    assert.deepEqual(groundProse('Increase lisinopril to 80 mg.', 'p', grounder, 'drop').ungrounded.map((u) => u.text), ['80 mg']);
  });

  test('a wrong dose of a said drug is unsupported', () => {
    const checked = groundProse('Lisinopril 80 mg daily.', 'p', grounder, 'drop');
    assert.equal(checked.text, '');
    assert.equal(checked.ungrounded[0]?.text, '80 mg');
  });
});

describe('grounding a SOAP answer', () => {
  test('a faithful answer loses nothing and every structured fact has evidence', () => {
    const json = toSpecSoap(goodSoap());
    const before = JSON.stringify(json);
    const checked = groundSoap(json, grounder, 'drop');
    assert.deepEqual(checked.ungrounded, []);
    assert.equal(JSON.stringify(json), before);
    for (const path of ['plan.medications.0.name', 'plan.medications.0.dosage', 'objective.vitalSigns.bloodPressure', 'assessment.diagnoses.0.description', 'subjective.allergies.0.substance']) {
      assert.ok(checked.evidence[path], path);
    }
  });

  test('a statement of no allergies stands on the allergy talk of the visit', () => {
    const json = { subjective: { allergies: [{ substance: 'No known drug allergies' }] } };
    assert.deepEqual(groundSoap(json, new TranscriptGrounder('[patient] no, i have no allergies.'), 'drop').ungrounded, []);
    assert.equal(groundSoap({ subjective: { allergies: ['NKDA'] } }, new TranscriptGrounder('[patient] my knee hurts.'), 'drop').ungrounded.length, 1);
  });

  test('every planted error is removed (drop) and listed', () => {
    const json = toSpecSoap(plantedSoap()) as Record<string, any>;
    const checked = groundSoap(json, grounder, 'drop');
    const text = JSON.stringify(json);
    for (const planted of ['metoprolol', '101.2', '110 bpm', 'diabetes', 'I10.99', '80 mg', 'Atorvastatin']) {
      assert.ok(!text.includes(planted), `${planted} left in the note`);
      assert.ok(checked.ungrounded.some((u) => u.text.includes(planted.replace(' bpm', ''))), `${planted} not listed`);
    }
    assert.equal(json.plan.medications[0].name, 'Lisinopril');
    assert.equal(json.objective.vitalSigns.bloodPressure, '150/95 mmHg');
    assert.equal(json.assessment.diagnoses.length, 1);
    assert.equal(json.assessment.diagnoses[0].icdCode, undefined, 'the invalid code is dropped, the diagnosis kept');
  });

  test('flag mode keeps unsupported facts but still lists them; invalid codes go either way', () => {
    const json = toSpecSoap(plantedSoap()) as Record<string, any>;
    const checked = groundSoap(json, grounder, 'flag');
    assert.equal(json.plan.medications.length, 3);
    assert.ok(JSON.stringify(json).includes('metoprolol'));
    assert.ok(checked.ungrounded.some((u) => u.path === 'plan.medications.2.name'));
    assert.ok(!JSON.stringify(json).includes('I10.99'));
  });
});

describe('grounding a text-to-JSON answer', () => {
  const schema = {
    type: 'object',
    properties: {
      medication: { type: ['string', 'null'] },
      dose_mg: { type: 'number' },
      others: { type: 'array', items: { type: 'string' } },
      severity: { type: 'string', description: 'Infer the overall severity' },
    },
    required: ['medication', 'dose_mg', 'others', 'severity'],
  };
  const valid = (v: any) => typeof v === 'object' && v !== null && 'medication' in v && typeof v.dose_mg === 'number';

  test('values not in the text become null or go; inferred fields stay', () => {
    const answer = { medication: 'Metoprolol', dose_mg: 80, others: ['lisinopril', 'warfarin'], severity: 'moderate' };
    const checked = groundExtraction(answer, schema, grounder, valid);
    assert.deepEqual(checked.data, { medication: null, dose_mg: 0, others: ['lisinopril'], severity: 'moderate' });
    assert.deepEqual(checked.ungrounded.map((u) => u.path).sort(), ['dose_mg', 'medication', 'others.1']);
    assert.ok(checked.evidence['others.0']);
  });
});

describe('grounding prose: drugs the lexicon does not know', () => {
  test('an unknown capitalised name before a dose is checked like a drug', () => {
    const checked = groundProse('Start Zyntravex 10 mg daily. Take 2 tablets of lisinopril. Lisinopril 40 mg daily.', 'plan', grounder, 'drop');
    assert.equal(checked.text, 'Take 2 tablets of lisinopril. Lisinopril 40 mg daily.');
    assert.deepEqual(checked.ungrounded.map((u) => u.text), ['Zyntravex']);
  });
});

describe('grounding prose: names no dictionary knows', () => {
  test('a capitalised unknown name mid-sentence must be in the source; known words and said names pass', () => {
    const checked = groundProse('Continue Fakemedol as before. He was seen over Labor Day. Continue lisinopril.', 'plan', grounder, 'drop');
    assert.equal(checked.text, 'He was seen over Labor Day. Continue lisinopril.');
    assert.deepEqual(checked.ungrounded.map((u) => [u.text, u.reason]), [['Fakemedol', 'name (possibly a product) not found in the source text']]);
    const said = new TranscriptGrounder('[patient] I take Fakemedol every morning.');
    assert.equal(groundProse('Continue Fakemedol daily.', 'plan', said, 'drop').ungrounded.length, 0);
  });
});

test('a lower-case word no dictionary knows, built like a drug name, must be in the source', () => {
  const checked = groundProse('She was started on zorvastatin. Continue lisinopril.', 'plan', grounder, 'drop');
  assert.equal(checked.text, 'Continue lisinopril.');
  assert.equal(checked.ungrounded[0]?.text, 'zorvastatin');
});

test('a near spelling counts for a misheard drug, not for another drug', () => {
  const g = new TranscriptGrounder('[doctor] keep taking the atorvastatin and the metforman.');
  assert.equal(g.locate('medication', 'zorvastatin'), null);
  assert.equal(g.locate('medication', 'Rosuvastatin'), null);
  assert.ok(g.locate('medication', 'Metformin'));
});
