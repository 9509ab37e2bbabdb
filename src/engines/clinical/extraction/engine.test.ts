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
  await assert.rejects(engine.extract('x', { properties: { a: { $ref: 'http://x.example/s' } } }), /only local references/);
});
