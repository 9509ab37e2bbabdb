import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isBillable } from '../lexicon/index.ts';
import { codeText, createEmbeddedCodingEngine, ICD10CM_SYSTEM } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code);

test('affirmed conditions are coded; negated ones are not', () => {
  const got = codes('[doctor] She has high blood pressure. She denies chest pain.');
  assert.deepEqual(got, ['I10']);
});

test('family history becomes a Z80–Z84 code, not the condition', () => {
  const got = codes('Patient: My mother had breast cancer. I have asthma.');
  assert.ok(got.includes('Z80.3'));
  assert.ok(!got.includes('C50.919'));
  assert.ok(got.includes('J45.909'));
});

test('possible diagnoses are not coded; their symptoms are', () => {
  const got = codes('Doctor: You have a cough and a fever. This is possibly pneumonia.');
  assert.ok(!got.includes('J18.9'));
  assert.ok(got.includes('R05.9') && got.includes('R50.9'));
});

test('a symptom integral to a coded diagnosis is dropped', () => {
  const got = codes('Doctor: You have a cough and fever. You have pneumonia.');
  assert.deepEqual(got, ['J18.9']);
});

test('laterality picks the sided code', () => {
  assert.deepEqual(codes('I have pain in my right knee.'), ['M25.561']);
  assert.deepEqual(codes('My left knee hurts.'), ['M25.562']);
  assert.deepEqual(codes('Knee pain in both knees, bilateral.').sort(), ['M25.561', 'M25.562']);
});

test('combination codes: diabetes with CKD, hypertension with heart failure', () => {
  const got = codes('He has type 2 diabetes, hypertension, stage 3 chronic kidney disease and heart failure.');
  assert.ok(got.includes('E11.22'), 'E11.22');
  assert.ok(!got.includes('E11.9'));
  assert.ok(got.includes('I13.0'), 'I13.0');
});

test('past history codes and chronic conditions', () => {
  const got = codes('She has a history of breast cancer. She has a history of hypertension.');
  assert.ok(got.includes('Z85.3'));
  assert.ok(got.includes('I10'));
});

test('questions answered no are negated, answered yes are coded', () => {
  assert.deepEqual(codes('[doctor] any chest pain ?\n[patient] no .'), []);
  assert.deepEqual(codes('[doctor] do you have diabetes ?\n[patient] yes , i do .'), ['E11.9']);
});

test('text without clinical content gives empty lists', async () => {
  const engine = createEmbeddedCodingEngine();
  assert.deepEqual(await engine.code('The weather was lovely and we talked about football.'), { diagnoses: [], procedures: [] });
});

test('E/M level with rationale for a visit with prescription management', () => {
  const res = codeText('Doctor: Your blood pressure is high and your diabetes is uncontrolled. I will increase your lisinopril and start metformin. We will check an a1c and a lipid panel.');
  const em = res.procedures[0]!;
  assert.equal(em.code.coding[0]!.code, '99214');
  assert.ok(em.rationale);
});

const WORDS = ['pain', 'right', 'knee', 'no', 'diabetes', 'high', 'blood', 'pressure', 'mother', 'cough', '?', '.', ',', '\n', '[doctor]', 'Patient:', 'possible', 'pneumonia', 'Émile', 'asthma', 'history', 'of', 'lisinopril', 'start', '   ', 'breast', 'cancer', "crohn's", 'x-ray'];

test('property: spans are exact and every ICD code is billable', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }), fc.array(fc.constantFrom(' ', '', '  '), { maxLength: 40 }), (words, seps) => {
      const text = words.map((w, i) => w + (seps[i] ?? ' ')).join('');
      const res = codeText(text);
      for (const item of [...res.diagnoses, ...res.procedures]) {
        const s = item.text_span;
        assert.equal(text.slice(s.start_char, s.end_char), s.text);
        assert.ok(s.text.length > 0);
      }
      for (const d of res.diagnoses) {
        assert.equal(d.code.coding[0]!.system, ICD10CM_SYSTEM);
        assert.ok(isBillable(d.code.coding[0]!.code));
      }
    }),
    { numRuns: 400 },
  );
});
