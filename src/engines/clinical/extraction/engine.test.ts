import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileSchema, createEmbeddedExtractionEngine } from './index.ts';

const engine = createEmbeddedExtractionEngine();

async function run(text: string, schema: Record<string, unknown>) {
  const result = await engine.extract(text, schema);
  const compiled = compileSchema(schema);
  assert.ok(compiled.ok);
  assert.equal(compiled.validate(result.data), true, 'output must validate');
  return result as { data: Record<string, any>; meta: { notFound: string[]; evidence: { path: string; start: number; end: number }[] } };
}

const SUMMARY = `DISCHARGE SUMMARY
Patient: John Smith   DOB: 03/14/1958
Admission date: January 3, 2024. Discharge date: 2024-01-08.
58-year-old man admitted with community-acquired pneumonia. He denies chest pain. Reports cough and fever.
Vitals: BP 132/84, HR 88, Temp 101.2 F, Weight: 180 lb.
Smoking: former smoker, quit 2010.
Allergies: penicillin (rash), sulfa
Discharge medications:
- Amoxicillin 500 mg PO three times daily for 7 days
- Lisinopril 10 mg daily
Condition at discharge: stable.`;

test('a discharge summary with nested arrays, enums and nullable fields', async () => {
  const { data, meta } = await run(SUMMARY, {
    type: 'object',
    required: ['vitals', 'medications'],
    properties: {
      patient: { type: 'object', properties: { age: { type: 'integer' }, sex: { enum: ['male', 'female', null] }, date_of_birth: { type: ['string', 'null'], format: 'date' } } },
      discharge_date: { type: ['string', 'null'], format: 'date' },
      vitals: {
        type: 'object',
        properties: {
          systolic_bp: { type: ['integer', 'null'] },
          diastolic_bp: { type: ['integer', 'null'] },
          temperature_c: { type: ['number', 'null'], description: 'Body temperature in Celsius' },
          weight_kg: { type: ['number', 'null'] },
          respiratory_rate: { type: ['integer', 'null'] },
        },
      },
      current_smoker: { type: ['boolean', 'null'] },
      allergies: { type: 'array', items: { type: 'string' } },
      medications: {
        type: 'array',
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, dose: { type: ['string', 'null'] }, frequency: { type: ['string', 'null'] } } },
      },
      symptoms_denied: { type: 'array', items: { type: 'string' } },
      condition_at_discharge: { enum: ['stable', 'improving', 'worsening'] },
      follow_up_date: { type: ['string', 'null'], format: 'date' },
    },
  });
  assert.deepEqual(data.patient, { age: 58, sex: 'male', date_of_birth: '1958-03-14' });
  assert.equal(data.discharge_date, '2024-01-08');
  assert.deepEqual(data.vitals, { systolic_bp: 132, diastolic_bp: 84, temperature_c: 38.44, weight_kg: 81.65, respiratory_rate: null });
  assert.equal(data.current_smoker, false);
  assert.deepEqual(data.allergies, ['penicillin', 'sulfa']);
  assert.deepEqual(data.medications, [
    { name: 'Amoxicillin', dose: '500 mg', frequency: 'three times daily' },
    { name: 'Lisinopril', dose: '10 mg', frequency: 'daily' },
  ]);
  assert.deepEqual(data.symptoms_denied, ['chest pain']);
  assert.equal(data.condition_at_discharge, 'stable');
  assert.equal(data.follow_up_date, null);
  assert.ok(meta.notFound.includes('/follow_up_date'));
  assert.ok(meta.notFound.includes('/vitals/respiratory_rate'));
  const weight = meta.evidence.find((e) => e.path === '/vitals/weight_kg');
  assert.ok(weight);
  assert.equal(SUMMARY.slice(weight.start, weight.end), '180 lb');
});

test('booleans from explicit answers and negation', async () => {
  const schema = { type: 'object', properties: { smoker: { type: 'boolean' }, alcohol_use: { type: ['boolean', 'null'] }, diabetes: { type: ['boolean', 'null'] } } };
  assert.deepEqual((await run('Patient denies smoking. Drinks alcohol on weekends.', schema)).data, { smoker: false, alcohol_use: true, diabetes: null });
  assert.deepEqual((await run('Smoker: yes\nAlcohol: no\nHistory of type 2 diabetes.', schema)).data, { smoker: true, alcohol_use: false, diabetes: true });
  assert.equal((await run('Mother has diabetes. No tobacco.', schema)).data.diabetes, null);
});

test('medications in running text: lexicon names and added biologics, not words or fluids', async () => {
  const schema = { type: 'object', properties: { medications: { type: 'array', items: { type: 'string' } } } };
  const text = 'He started Humira last month and takes metformin and carbidopa and levodopa. Calcium was 9.1 today. Drinks alcohol socially. Given sodium chloride in the ER.';
  assert.deepEqual((await run(text, schema)).data.medications, ['Humira', 'metformin', 'carbidopa', 'levodopa']);
});

test('enums through synonyms, numbers through unit conversion', async () => {
  const schema = {
    type: 'object',
    properties: {
      pain_severity: { enum: ['mild', 'moderate', 'severe'] },
      height_cm: { type: 'number' },
      weight: { type: 'number', description: 'weight in kilograms' },
    },
    required: ['pain_severity', 'height_cm', 'weight'],
  };
  const { data } = await run('She reports slight pain in the knee. Height 5\'6", weighs 150 pounds.', schema);
  assert.deepEqual(data, { pain_severity: 'mild', height_cm: 167.64, weight: 68.04 });
});

test('never invents: required fields the text lacks get least-committal values and are reported', async () => {
  const schema = {
    type: 'object',
    required: ['name', 'count', 'visit', 'tags', 'kind'],
    properties: {
      name: { type: 'string', minLength: 3 },
      count: { type: 'integer', minimum: 5 },
      visit: { type: 'string', format: 'date' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      kind: { enum: ['a', 'unknown'] },
    },
    additionalProperties: false,
  };
  const { data, meta } = await run('Nothing relevant here.', schema);
  assert.equal(data.count, 5);
  assert.equal(data.kind, 'unknown');
  assert.equal(data.tags.length, 1);
  for (const p of ['/name', '/count', '/visit', '/tags', '/kind']) assert.ok(meta.notFound.includes(p), `${p} listed as not found`);
  assert.deepEqual(meta.evidence, []);
});

test('refs, anyOf, const and defaults', async () => {
  const schema = {
    $defs: { temp: { type: ['number', 'null'], description: 'temperature in Fahrenheit' } },
    type: 'object',
    properties: {
      version: { const: 1 },
      temp: { $ref: '#/$defs/temp' },
      follow_up: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
      unit: { type: 'string', default: 'ward' },
    },
    required: ['version', 'unit'],
  };
  const { data } = await run('Temperature 38.5 C on admission. Follow-up on 12 March 2025.', schema);
  assert.deepEqual(data, { version: 1, temp: 101.3, follow_up: '2025-03-12', unit: 'ward' });
});

test('symptoms present vs denied as objects', async () => {
  const schema = {
    type: 'object',
    properties: {
      symptoms: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, present: { type: 'boolean' } }, required: ['name', 'present'] } },
    },
  };
  const { data } = await run('He has had a cough and fever for three days. Denies nausea or vomiting.', schema);
  assert.deepEqual(data.symptoms, [
    { name: 'cough', present: true },
    { name: 'fever', present: true },
    { name: 'nausea', present: false },
    { name: 'vomiting', present: false },
  ]);
});

test('recursive schemas through $ref stay valid', async () => {
  const schema = {
    $defs: { node: { type: 'object', properties: { label: { type: ['string', 'null'] }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['label', 'children'] } },
    type: 'object',
    properties: { tree: { $ref: '#/$defs/node' } },
    required: ['tree'],
  };
  const { data } = await run('Label: root', schema);
  assert.deepEqual(data.tree.children, []);
});

test('oneOf whose obvious value matches both branches still gets a valid value', async () => {
  const schema = { type: 'object', properties: { a: { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] } }, required: ['a'] };
  const { meta } = await run('nothing here', schema);
  assert.ok(meta.notFound.includes('/a'));
});

test('a refused schema is an EngineError with the intake message', async () => {
  await assert.rejects(engine.extract('x', { properties: { a: { $ref: 'http://x.example/s' } } }), /does not resolve to a location inside the schema/);
});

const NESTED_SUMMARY = `DISCHARGE SUMMARY
Patient: 67-year-old female. Admitted 03/02/2026, discharged 03/06/2026.
Admission diagnosis: community-acquired pneumonia. Secondary: type 2 diabetes mellitus, hypertension.
Hospital course: treated with IV ceftriaxone 1 g daily and azithromycin 500 mg daily, transitioned to oral amoxicillin-clavulanate 875 mg twice daily. Oxygen weaned to room air on day 3.
Allergies: sulfa (hives).
Discharge medications: amoxicillin-clavulanate 875 mg twice daily for 5 days; metformin 1000 mg twice daily; lisinopril 20 mg daily.
Condition at discharge: stable. Follow-up with primary care in 1 week. Chest x-ray repeat in 6 weeks.`;

const nullable = (type: string) => ({ type: [type, 'null'] });
const ALLERGY_ITEMS = { type: 'array', items: { type: 'object', properties: { substance: { type: 'string' }, reaction: nullable('string') }, required: ['substance', 'reaction'] } };
const FOLLOW_UP = { type: 'object', properties: { with: nullable('string'), in_days: nullable('integer') }, required: ['with', 'in_days'] };

test('a discharge summary: secondary list, reaction in parentheses, combination drug, follow-up from its own sentence', async () => {
  const schema = {
    type: 'object',
    properties: {
      age: { type: 'integer' },
      sex: { type: 'string', enum: ['male', 'female', 'other'] },
      admission_date: { type: 'string', format: 'date' },
      discharge_date: { type: 'string', format: 'date' },
      primary_diagnosis: { type: 'string' },
      secondary_diagnoses: { type: 'array', items: { type: 'string' } },
      allergies: ALLERGY_ITEMS,
      discharge_medications: {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, dose: nullable('string'), frequency: nullable('string'), duration: nullable('string') }, required: ['name', 'dose', 'frequency', 'duration'] },
      },
      condition: { type: 'string', enum: ['stable', 'improved', 'guarded', 'critical'] },
      smoking_status: { type: ['string', 'null'], enum: ['current', 'former', 'never', null] },
      follow_up: FOLLOW_UP,
    },
    required: ['age', 'sex', 'admission_date', 'discharge_date', 'primary_diagnosis', 'secondary_diagnoses', 'allergies', 'discharge_medications', 'condition', 'smoking_status', 'follow_up'],
  };
  const { data, meta } = await run(NESTED_SUMMARY, schema);
  assert.deepEqual(data, {
    age: 67,
    sex: 'female',
    admission_date: '2026-03-02',
    discharge_date: '2026-03-06',
    primary_diagnosis: 'community-acquired pneumonia',
    secondary_diagnoses: ['type 2 diabetes mellitus', 'hypertension'],
    allergies: [{ substance: 'sulfa', reaction: 'hives' }],
    discharge_medications: [
      { name: 'amoxicillin-clavulanate', dose: '875 mg', frequency: 'twice daily', duration: '5 days' },
      { name: 'metformin', dose: '1000 mg', frequency: 'twice daily', duration: null },
      { name: 'lisinopril', dose: '20 mg', frequency: 'daily', duration: null },
    ],
    condition: 'stable',
    smoking_status: null,
    follow_up: { with: 'primary care', in_days: 7 },
  });
  const reaction = meta.evidence.find((e) => e.path === '/allergies/0/reaction');
  assert.ok(reaction);
  assert.equal(NESTED_SUMMARY.slice(reaction.start, reaction.end), 'hives');
  const inDays = meta.evidence.find((e) => e.path === '/follow_up/in_days');
  assert.ok(inDays);
  assert.equal(NESTED_SUMMARY.slice(inDays.start, inDays.end), '1 week');
});

test('list fields take the labelled list most like their name', async () => {
  const schema = {
    type: 'object',
    properties: {
      primary_diagnosis: nullable('string'),
      secondary_diagnoses: { type: 'array', items: { type: 'string' } },
      comorbidities: { type: 'array', items: { type: 'string' } },
    },
  };
  const other = await run('Admission diagnosis: NSTEMI.\nOther diagnoses: atrial fibrillation, chronic kidney disease.', schema);
  assert.deepEqual(other.data, { primary_diagnosis: 'NSTEMI', secondary_diagnoses: ['atrial fibrillation', 'chronic kidney disease'], comorbidities: ['atrial fibrillation', 'chronic kidney disease'] });
  const comorbid = await run('Diagnosis: cholelithiasis.\nComorbidities: obesity; asthma.', schema);
  assert.deepEqual(comorbid.data.secondary_diagnoses, ['obesity', 'asthma']);
  assert.equal(comorbid.data.primary_diagnosis, 'cholelithiasis');
  // A piece that is more than a name still gives the condition named in it.
  const clause = await run('Secondary: asthma since childhood, hypertension.', schema);
  assert.deepEqual(clause.data.secondary_diagnoses, ['asthma', 'hypertension']);
});

test('allergy reactions after the allergen; a severity alone is no reaction', async () => {
  const schema = { type: 'object', properties: { allergies: ALLERGY_ITEMS } };
  const listed = await run('Allergies: penicillin (anaphylaxis); codeine - nausea, latex (severe) and ibuprofen allergy (wheeze).', schema);
  assert.deepEqual(listed.data.allergies, [
    { substance: 'penicillin', reaction: 'anaphylaxis' },
    { substance: 'codeine', reaction: 'nausea' },
    { substance: 'latex', reaction: null },
    { substance: 'ibuprofen', reaction: 'wheeze' },
  ]);
  const prose = await run('She is allergic to codeine (vomiting) and takes no regular medicines.', schema);
  assert.deepEqual(prose.data.allergies, [{ substance: 'codeine', reaction: 'vomiting' }]);
  const reactions = await run('Allergies: sulfa (hives, itching).', { type: 'object', properties: { allergies: { type: 'array', items: { type: 'object', properties: { substance: { type: 'string' }, reactions: { type: 'array', items: { type: 'string' } } } } } } });
  assert.deepEqual(reactions.data.allergies, [{ substance: 'sulfa', reactions: ['hives', 'itching'] }]);
});

test('hyphen and slash combinations of two drug names stay one medication; metformin-induced does not', async () => {
  const schema = { type: 'object', properties: { medications: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, dose: nullable('string') } } } } };
  const { data } = await run('Medications: ezetimibe/simvastatin 10/40 mg daily, piperacillin-tazobactam, sacubitril-valsartan 24/26 mg twice daily.', schema);
  assert.deepEqual(data.medications.map((m: { name: string }) => m.name), ['ezetimibe/simvastatin', 'piperacillin-tazobactam', 'sacubitril-valsartan']);
  const prose = await run('Metformin-induced diarrhoea settled after the dose was lowered.', { type: 'object', properties: { medications: { type: 'array', items: { type: 'string' } } } });
  assert.deepEqual(prose.data.medications, ['Metformin']);
});

test('a nested object reads its section; keys naming nothing of their own stay inside it', async () => {
  const schema = { type: 'object', properties: { follow_up: { ...FOLLOW_UP, properties: { ...FOLLOW_UP.properties, in_weeks: nullable('integer') } } }, required: ['follow_up'] };
  const cardio = await run('Treated with heparin. Follow up with cardiology in 2 weeks with a repeat echocardiogram in 3 months.', schema);
  assert.deepEqual(cardio.data.follow_up, { with: 'cardiology', in_days: 14, in_weeks: 2 });
  const label = await run('Started with oral antibiotics.\nFollow-up: GP review in two weeks.', schema);
  assert.deepEqual(label.data.follow_up, { with: null, in_days: 14, in_weeks: 2 });
  // No follow-up in the text: "with" is not read from another sentence.
  const none = await run('Plan: continue current therapy with metformin 500 mg for 3 months.', schema);
  assert.deepEqual(none.data.follow_up, { with: null, in_days: null }); // in_weeks is not required: left out
  // Flat keys ending in a preposition take the noun phrase after it too.
  const flat = await run('Follow-up with primary care in 1 week. Referred to cardiology for an echo.', { type: 'object', properties: { follow_up_with: nullable('string'), referred_to: nullable('string') } });
  assert.deepEqual(flat.data, { follow_up_with: 'primary care', referred_to: 'cardiology' });
});

test('duration fields: a length of time in the item, not how often', async () => {
  const schema = { type: 'object', properties: { medications: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, duration_days: nullable('integer') } } } } };
  const { data } = await run('Medications: cefepime 2 g every 12 hours, prednisone 40 mg daily x 2 weeks; doxycycline 100 mg twice daily, 10 days.', schema);
  assert.deepEqual(data.medications, [
    { name: 'cefepime', duration_days: null },
    { name: 'prednisone', duration_days: 14 },
    { name: 'doxycycline', duration_days: 10 },
  ]);
  // "in_days" is days ("in" is no unit there); "height_in" is still inches.
  const follow = await run('Follow up in 2 weeks. Height 70 in.', { type: 'object', properties: { follow_up_in_days: nullable('integer'), height_in: nullable('number') } });
  assert.deepEqual(follow.data, { follow_up_in_days: 14, height_in: 70 });
});

test('an everyday enum option does not hide the one real option mentioned', async () => {
  const schema = { type: 'object', properties: { sex: { enum: ['male', 'female', 'other'] } }, required: ['sex'] };
  assert.equal((await run('74 year old man. Other diagnoses: gout.', schema)).data.sex, 'male');
  assert.equal((await run('Other diagnoses: gout.', schema)).data.sex, 'other'); // nothing else: the least-committal option
});
