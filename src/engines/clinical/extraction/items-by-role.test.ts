// List items filled by role (medications, allergies, family history, problems), dialogue
// answers, follow-up intervals and spelled-out numbers: each behaviour on texts written here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSchema, extract } from './index.ts';

function run(text: string, schema: Record<string, unknown>) {
  const result = extract(text, schema);
  const compiled = compileSchema(schema);
  assert.ok(compiled.ok);
  assert.equal(compiled.validate(result.data), true, 'output must validate');
  return result as { data: Record<string, any>; meta: { notFound: string[] } };
}

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

const MED_CHANGES = {
  type: 'object',
  properties: {
    meds: {
      type: 'array',
      items: {
        type: 'object',
        required: ['drug', 'action'],
        properties: {
          drug: { type: 'string' },
          action: { enum: ['continue', 'start', 'increase', 'decrease', 'stop'] },
          dose_mg: nullable('number', { description: 'Dose in milligrams after this visit' }),
          previous_dose_mg: nullable('number', { description: 'Dose in milligrams before a change made at this visit' }),
          frequency: { type: ['string', 'null'], enum: ['once daily', 'twice daily', 'at bedtime', null] },
          prn: { type: 'boolean' },
          indication: nullable('string'),
        },
      },
    },
  },
};

test('medication items: change, new and previous dose, frequency from the schema enum, indication, as needed', () => {
  const text = 'Increase lisinopril from 10 mg to 20 mg every morning for blood pressure. Start sertraline 50 mg at bedtime. Stop ibuprofen. Tramadol 50 mg as needed for back pain.';
  const { data } = run(text, MED_CHANGES);
  const byDrug = Object.fromEntries(data.meds.map((m: Record<string, unknown>) => [String(m.drug).toLowerCase(), m]));
  assert.deepEqual(byDrug.lisinopril, { drug: 'lisinopril', action: 'increase', dose_mg: 20, previous_dose_mg: 10, frequency: 'once daily', prn: false, indication: 'blood pressure' });
  assert.equal(byDrug.sertraline.action, 'start');
  assert.equal(byDrug.sertraline.frequency, 'at bedtime');
  assert.equal(byDrug.ibuprofen.action, 'stop');
  assert.equal(byDrug.tramadol.prn, true);
  assert.equal(byDrug.tramadol.indication, 'back pain');
  assert.equal(byDrug.tramadol.action, 'continue', 'no change said: continue');
});

test('medication items in a FHIR shape: nested dosage, codes of the schema (BID, PO), status from the change', () => {
  const schema = {
    type: 'object',
    properties: {
      MedicationStatement: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            medicationCodeableConcept: { type: 'object', properties: { text: { type: 'string' } } },
            status: { enum: ['active', 'stopped', 'intended', 'on-hold'] },
            dosage: {
              type: 'object',
              properties: {
                doseQuantity: { type: 'object', properties: { value: nullable('number'), unit: nullable('string') } },
                route: { type: ['string', 'null'], enum: ['oral', 'topical', null] },
                timing: { type: ['string', 'null'], enum: ['QD', 'BID', 'TID', null] },
              },
            },
          },
        },
      },
    },
  };
  const { data } = run('She takes metformin 500 mg by mouth twice a day. We will start Bactrim tomorrow.', schema);
  const [metformin, bactrim] = data.MedicationStatement;
  assert.deepEqual(metformin, { medicationCodeableConcept: { text: 'metformin' }, status: 'active', dosage: { doseQuantity: { value: 500, unit: 'mg' }, route: 'oral', timing: 'BID' } });
  assert.equal(bactrim.status, 'intended');
});

test('allergy items: substances after a cue, reaction and severity, intolerance, NKDA as an absence boolean', () => {
  const schema = {
    type: 'object',
    properties: {
      noKnownAllergies: { type: 'boolean' },
      allergies: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            substance: { type: 'string' },
            type: { type: ['string', 'null'], enum: ['allergy', 'intolerance', null] },
            category: { type: 'array', items: { enum: ['food', 'medication', 'environment'] } },
            reactions: { type: 'array', items: { type: 'string' } },
            severity: { type: ['string', 'null'], enum: ['mild', 'moderate', 'severe', null] },
          },
        },
      },
    },
  };
  const { data } = run('Doctor: Any allergies?\nPatient: Yes. I am allergic to peanuts and penicillin. Peanuts give me really bad hives.', schema);
  assert.equal(data.noKnownAllergies, false);
  const peanuts = data.allergies.find((a: { substance: string }) => a.substance === 'peanuts');
  assert.deepEqual(peanuts, { substance: 'peanuts', type: 'allergy', category: ['food'], reactions: ['hives'], severity: 'severe' });
  assert.deepEqual(data.allergies.find((a: { substance: string }) => a.substance === 'penicillin').category, ['medication']);
  const none = run('Doctor: Any allergies to medications?\nPatient: No, none.', schema);
  assert.equal(none.data.noKnownAllergies, true);
  assert.deepEqual(none.data.allergies, []);
});

test('family history items: one per relative and condition, counts, deceased; the patient is no relative', () => {
  const schema = {
    type: 'object',
    properties: {
      entries: {
        type: 'array',
        description: 'One row per relative and condition',
        items: { type: 'object', properties: { relative: nullable('string'), condition: { type: 'string' }, deceased: nullable('boolean') } },
      },
      diabetes_in_family: nullable('boolean'),
      cancer_in_family: nullable('boolean'),
    },
  };
  const text = 'Patient: I have asthma. My mom has type two diabetes. Two of my uncles died of lung cancer.\nDoctor: Any heart disease in the family?\nPatient: No.';
  const { data } = run(text, schema);
  assert.deepEqual(data.entries, [
    { relative: 'mother', condition: 'type 2 diabetes', deceased: null },
    { relative: 'uncle', condition: 'lung cancer', deceased: true },
    { relative: 'uncle', condition: 'lung cancer', deceased: true },
  ]);
  assert.equal(data.diabetes_in_family, true);
  assert.equal(data.cancer_in_family, true);
});

test('problem list from assessment-and-plan headings: status, ICD-10-CM code, tests, drugs, referrals per problem', () => {
  const text = `ASSESSMENT AND PLAN

Hypertension.
• Medical Reasoning: Blood pressure is well controlled.
• Medical Treatment: Continue lisinopril 10 mg daily.

Acute lumbar strain.
• Additional Testing: We will order an x-ray of the lumbar spine.
• Medical Treatment: Start meloxicam 15 mg daily.
• Specialist Referrals: We will refer her to physical therapy.
`;
  const schema = {
    type: 'object',
    properties: {
      problems: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            problem: { type: 'string' },
            status: { type: ['string', 'null'], enum: ['new', 'stable', 'worsening', null] },
            icd10: { type: ['string', 'null'], description: 'ICD-10-CM code' },
            plan: { type: 'object', properties: { tests: { type: 'array', items: { type: 'string' } }, medications: { type: 'array', items: { type: 'string' } }, referrals: { type: 'array', items: { type: 'string' } } } },
          },
        },
      },
    },
  };
  const { data } = run(text, schema);
  assert.equal(data.problems.length, 2);
  assert.deepEqual(data.problems[0], { problem: 'Hypertension', status: 'stable', icd10: 'I10', plan: { tests: [], medications: ['lisinopril'], referrals: [] } });
  assert.equal(data.problems[1].problem, 'Acute lumbar strain');
  assert.deepEqual(data.problems[1].plan, { tests: ['x-ray of the lumbar spine'], medications: ['meloxicam'], referrals: ['physical therapy'] });
});

test('dialogue answers: "No." denies what was asked, an unanswered question is no evidence', () => {
  const schema = { type: 'object', properties: { fever: nullable('boolean'), cough: nullable('boolean'), nausea: nullable('boolean'), rash: nullable('boolean') } };
  const text = 'Doctor: Any fever or chills?\nPatient: No.\nDoctor: Any cough?\nPatient: Yeah, a dry cough.\nDoctor: Nausea?\nDoctor: Let me check your chart.';
  const { data, meta } = run(text, schema);
  assert.deepEqual(data, { fever: false, cough: true, nausea: null, rash: null });
  assert.ok(meta.notFound.includes('/nausea') && meta.notFound.includes('/rash'), 'silence is listed as not found');
});

test('follow-up intervals in the field\'s own unit, ranges, purpose', () => {
  const schema = {
    type: 'object',
    required: ['interval_value', 'interval_unit'],
    properties: { interval_value: { type: 'integer' }, interval_unit: { enum: ['days', 'weeks', 'months'] }, purpose: nullable('string', { description: 'What the visit is for' }), followUpDays: nullable('integer') },
  };
  const { data } = run('Plan: follow up in 3 weeks to review the blood pressure log.', schema);
  assert.deepEqual(data, { interval_value: 3, interval_unit: 'weeks', purpose: 'review the blood pressure log', followUpDays: 21 });
  const range = run('Review in 3-5 days if not improving.', { type: 'object', properties: { review_min_days: nullable('integer'), review_max_days: nullable('integer') } });
  assert.deepEqual(range.data, { review_min_days: 3, review_max_days: 5 });
  const silent = run('Continue current medicines.', schema);
  assert.ok(silent.meta.notFound.includes('/interval_value'));
});

test('spelled-out numbers and rates: "two point five M G", "two beers every day" per week', () => {
  const { data } = run('Patient: I take two point five M G of glipizide. I drink two beers every day and smoke about two packs a day.', {
    type: 'object',
    properties: { meds: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, dose_mg: nullable('number') } } }, drinks_per_week: nullable('number'), packs_per_day: nullable('number') },
  });
  assert.deepEqual(data.meds, [{ name: 'glipizide', dose_mg: 2.5 }]);
  assert.equal(data.drinks_per_week, 14);
  assert.equal(data.packs_per_day, 2);
});

test('form fields: name parts from "LAST, First", city/state/ZIP parts, phone with its parenthesis, language without form noise, ticked boxes', () => {
  const form = `REGISTRATION
Legal name (Last, First): PRICE, Nora
Preferred name: Nell
City/State/ZIP: Salem, OR 97301
Home phone: (503) 555-0123
Primary language: Spanish (circle one: English / Spanish / Other)
Interpreter needed?  [x] Yes  [ ] No`;
  const schema = {
    type: 'object',
    properties: {
      legalName: { type: 'object', properties: { given: nullable('string'), family: nullable('string') } },
      preferredName: nullable('string'),
      address: { type: 'object', properties: { city: nullable('string'), state: nullable('string'), postalCode: nullable('string') } },
      phone: nullable('string'),
      preferredLanguage: nullable('string'),
      interpreterNeeded: nullable('boolean'),
    },
  };
  const { data } = run(form, schema);
  assert.deepEqual(data, {
    legalName: { given: 'Nora', family: 'Price' },
    preferredName: 'Nell',
    address: { city: 'Salem', state: 'OR', postalCode: '97301' },
    phone: '(503) 555-0123',
    preferredLanguage: 'Spanish',
    interpreterNeeded: true,
  });
});
