// FHIR building blocks on notes of any engine's shape: vitals in varied spellings, markdown
// sections, medication status, and coding of problems the note left uncoded.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Bundle, Composition, Observation } from '@medplum/fhirtypes';
import { fhirSchemaErrors } from '../../test/helpers/fhir-schema.ts';
import { medicationStatus } from './medication-status.ts';
import { narrativeXhtml, splitSections } from './markdown-sections.ts';
import { assessedProblems, noteBundle } from './note-bundle.ts';
import { vitalObservation } from './vitals.ts';

const who = { subject: { reference: 'urn:uuid:p' }, effective: '2026-01-02T03:04:05Z' };
const quantity = (key: string, value: string) => {
  const o = vitalObservation(key, value, who, []) as Observation | undefined;
  return o && [o.code.coding?.[0]?.code, o.valueQuantity?.value, o.valueQuantity?.code];
};

describe('vital signs', () => {
  test('values in the spellings engines write read as LOINC + UCUM', () => {
    assert.deepEqual(quantity('temperature', '37.8 °C'), ['8310-5', 37.8, 'Cel']);
    assert.deepEqual(quantity('Temp', '100.4 F'), ['8310-5', 100.4, '[degF]']);
    assert.deepEqual(quantity('respiratory_rate', '18 breaths/min'), ['9279-1', 18, '/min']);
    assert.deepEqual(quantity('weight', '82.5 kg'), ['29463-7', 82.5, 'kg']);
    assert.deepEqual(quantity('height', `5'10"`), ['8302-2', 70, '[in_i]']);
    assert.deepEqual(quantity('height', '178 cm'), ['8302-2', 178, 'cm']);
    assert.deepEqual(quantity('BMI', '24.3'), ['39156-5', 24.3, 'kg/m2']);
    assert.deepEqual(quantity('SpO2', '95%'), ['59408-5', 95, '%']);
    assert.deepEqual(quantity('pulse', '64'), ['8867-4', 64, '/min']);
    const bp = vitalObservation('BP', '120 / 80', who, []);
    assert.deepEqual(bp?.component?.map((c) => c.valueQuantity?.value), [120, 80]);
  });

  test('what does not read as a measurement is left out, not guessed', () => {
    assert.equal(quantity('weight', 'stable'), undefined);
    assert.equal(quantity('temperature', '98.6 furlongs'), undefined);
    assert.equal(quantity('mood', '7'), undefined);
    assert.equal(vitalObservation('bloodPressure', 'normal', who, []), undefined);
  });
});

describe('markdown sections', () => {
  test('capitals, #-headings and bold headings all start sections; lists become <ul>', () => {
    const sections = splitSections('Intro line.\n\n# Subjective\nCough.\n\n**Plan**\n- rest\n- fluids\n\nALLERGIES\n\nNone.');
    assert.deepEqual(
      sections.map((s) => s.title),
      ['Note', 'Subjective', 'Plan', 'Allergies'],
    );
    assert.equal(narrativeXhtml('- rest\n- <fluids>'), '<div xmlns="http://www.w3.org/1999/xhtml"><ul><li>rest</li><li>&lt;fluids&gt;</li></ul></div>');
  });
});

test('medication status follows the words of the plan', () => {
  assert.equal(medicationStatus('We will start metformin 500 mg twice daily.'), 'intended');
  assert.equal(medicationStatus('Stop lisinopril because of the cough.'), 'stopped');
  assert.equal(medicationStatus('Continues atorvastatin nightly.'), 'active');
  assert.equal(medicationStatus(undefined), 'active');
});

test('problems the note left uncoded take the code the coder found at the same words', () => {
  const json = {
    assessment: { diagnoses: [{ description: 'Type 2 diabetes' }, { description: 'Knee pain', icdCode: 'NOT-A-CODE' }] },
    evidence: { fields: { 'assessment.diagnoses.0.description': { spans: [{ start: 10, end: 25 }] } } },
  };
  const coded = [
    {
      id: 'dx-1',
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' }], text: 'Type 2 diabetes' },
      text_span: { start_char: 12, end_char: 20, text: 'diabetes' },
    },
  ];
  const problems = assessedProblems(json, coded);
  assert.equal(problems[0]!.icd?.code, 'E11.9');
  assert.equal(problems[1]!.icd, undefined, 'an invented code is not passed off as ICD-10-CM');
});

test('a note from another engine (LLM-shaped JSON, # headings) still makes a valid R4 document', () => {
  const bundle: Bundle = noteBundle({
    noteId: 'note_llm',
    completedAt: '2026-03-04T05:06:07.000Z',
    transcriptDate: 'last Tuesday',
    patientInfo: { name: 'Sam Doe', gender: 'nonbinary', dateOfBirth: '03/04/1970' },
    markdown: '# Subjective\nHeadache for 3 days.\n\n# Objective\nBP 150/95, temp 37.2 C, height 170 cm, BMI 31.\n\n# Plan\n1. Start amlodipine 5 mg daily.',
    json: {
      subjective: { allergyStatus: 'No known drug allergies' },
      objective: { vitalSigns: { bloodPressure: '150/95 mmHg', temperature: '37.2 °C', height: '170 cm', bmi: '31' } },
      assessment: { diagnoses: [{ description: 'Essential hypertension', icdCode: 'I10' }] },
      plan: { medications: [{ name: 'Amlodipine', dosage: '5 mg', frequency: 'daily', instructions: 'Start amlodipine 5 mg daily.' }] },
    },
  });
  assert.deepEqual(fhirSchemaErrors(bundle), []);
  const types = bundle.entry!.map((e) => e.resource!.resourceType);
  assert.deepEqual(types.slice(0, 3), ['Composition', 'Patient', 'Encounter']);
  assert.equal(types.filter((t) => t === 'Observation').length, 4);
  const composition = bundle.entry![0]!.resource as Composition;
  assert.equal(composition.section!.find((s) => s.title === 'Objective')?.entry?.length, 4, 'the objective section lists the vitals');
  assert.ok(composition.section!.some((s) => s.title === 'Medications' && s.entry?.length === 1), 'a medication no written section lists gets a section of its own');
  const allergy = bundle.entry!.find((e) => e.resource!.resourceType === 'AllergyIntolerance')!.resource as { code: { coding: { code: string }[] } };
  assert.equal(allergy.code.coding[0]!.code, '716186003');
});
