// Problem lists: a visit problem list (status, ICD-10-CM code, per-problem plan, follow-up in
// weeks) over ACI-BENCH assessment-and-plan sections, and a past-medical-history list with
// codes over MTS-Dialog dialogues. Codes are billable FY2026 codes read from the shared list.
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const icd = n('string', { pattern: '^[A-Z][0-9][0-9A-Z](\\.[0-9A-Z]{1,4})?$', description: 'ICD-10-CM code, billable' });
const strings = { type: 'array', items: { type: 'string' } };

const problemList = {
  title: 'Problem List',
  type: 'object',
  required: ['problems'],
  properties: {
    problems: {
      type: 'array',
      items: {
        type: 'object',
        required: ['problem'],
        properties: {
          problem: { type: 'string' },
          status: { type: ['string', 'null'], enum: ['new', 'stable', 'improving', 'worsening', 'resolved', null] },
          icd10cm: icd,
          plan: {
            type: 'object',
            properties: {
              tests: { ...strings, description: 'Tests or imaging ordered for this problem' },
              medications: { ...strings, description: 'Drugs the patient should take for this problem after the visit' },
              referrals: strings,
            },
          },
        },
      },
    },
    followUpWeeks: n('integer', { description: 'Return visit interval in weeks' }),
  },
};

const pmh = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'past_medical_history',
  type: 'object',
  required: ['no_significant_pmh', 'conditions'],
  properties: {
    no_significant_pmh: { type: 'boolean' },
    conditions: {
      type: 'array',
      items: { type: 'object', required: ['condition'], properties: { condition: { type: 'string' }, icd10_code: icd, uncertain: { type: 'boolean', description: 'Possible / suspected, not confirmed' } } },
    },
  },
};

const P = (problem: string, status: string | null, icd10cm: string | null, tests: string[], medications: string[], referrals: string[] = []) => ({
  problem, status, icd10cm, plan: { tests, medications, referrals },
});
const C = (condition: string, icd10_code: string | null, uncertain = false) => ({ condition, icd10_code, uncertain });

const data: Authored = {
  schemas: { problemList, pmh },
  cases: [
    {
      id: 'list-d2n002', src: 'aci-sec:train:assessment_and_plan:D2N002', schema: 'problemList',
      gold: { problems: [P('arthritis', 'worsening', 'M19.90', ['autoimmune panel'], ['Ultram']), P('hypothyroidism', 'stable', 'E03.9', ['thyroid panel'], ['Synthroid']), P('status post renal transplant', 'stable', 'Z94.0', [], [])], followUpWeeks: null },
    },
    {
      id: 'list-d2n003', src: 'aci-sec:train:assessment_and_plan:D2N003', schema: 'problemList',
      gold: { problems: [P('kidney stones', null, 'N20.0', ['CT scan of the abdomen and pelvis without contrast'], ['Ultram']), P('migraines', 'stable', 'G43.909', [], ['Imitrex']), P('reflux', 'stable', 'K21.9', [], ['Protonix'])], followUpWeeks: null },
    },
    {
      id: 'list-d2n005', src: 'aci-sec:train:assessment_and_plan:D2N005', schema: 'problemList',
      gold: { problems: [P('right middle finger distal phalanx fracture', 'new', 'S62.632A', ['x-ray'], ['tramadol'])], followUpWeeks: 2 },
    },
    {
      id: 'list-d2n006', src: 'aci-sec:train:assessment_and_plan:D2N006', schema: 'problemList',
      gold: { problems: [P('acid reflux with nausea and vomiting', null, 'K21.9', ['right upper quadrant ultrasound', 'labs'], ['omeprazole']), P('gout', 'stable', 'M10.9', [], ['allopurinol']), P('arthritis', 'stable', 'M19.90', [], [])], followUpWeeks: null },
    },
    {
      id: 'list-d2n007', src: 'aci-sec:train:assessment_and_plan:D2N007', schema: 'problemList',
      gold: { problems: [P('chronic back pain', 'worsening', 'M54.9', [], [], ['physical therapy']), P('depression', null, 'F32.A', [], ['Prozac']), P('history of coronary artery bypass graft', 'stable', 'Z95.1', ['echocardiogram'], ['aspirin'])], followUpWeeks: null },
    },
    {
      id: 'list-d2n009', src: 'aci-sec:train:assessment_and_plan:D2N009', schema: 'problemList',
      gold: { problems: [P('lumbar strain', 'new', 'S39.012A', ['MRI of the lumbar spine'], ['meloxicam', 'Ultram', 'Tylenol'], ['physical therapy'])], followUpWeeks: null },
    },
    {
      id: 'list-d2n010', src: 'aci-sec:train:assessment_and_plan:D2N010', schema: 'problemList',
      gold: { problems: [P('hyperglycemia', null, 'R73.9', ['western blot PCR'], ['amoxicillin'])], followUpWeeks: null },
    },
    {
      id: 'list-d2n011', src: 'aci-sec:train:assessment_and_plan:D2N011', schema: 'problemList',
      gold: { problems: [P('chest pain and hypertension', null, null, ['cardiac catheterization'], ['carvedilol', 'lisinopril'])], followUpWeeks: null },
    },
    {
      id: 'list-d2n013', src: 'aci-sec:train:assessment_and_plan:D2N013', schema: 'problemList',
      gold: { problems: [P('newly diagnosed diabetes', 'new', 'E11.9', ['hemoglobin A1c'], ['metformin']), P('epilepsy', 'stable', 'G40.909', [], ['Keppra'])], followUpWeeks: null },
    },
    { id: 'pmh-mts82', src: 'mts:train:82:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('type 2 diabetes', 'E11.65'), C('high cholesterol', 'E78.00')] } },
    { id: 'pmh-mts74', src: 'mts:train:74:dialogue', schema: 'pmh', gold: { no_significant_pmh: true, conditions: [] } },
    { id: 'pmh-mts137', src: 'mts:train:137:dialogue', schema: 'pmh', gold: { no_significant_pmh: true, conditions: [] } },
    { id: 'pmh-mts122', src: 'mts:train:122:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('diabetes', 'E11.9'), C('prostate cancer', 'Z85.46')] } },
    { id: 'pmh-mts123', src: 'mts:train:123:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('reflux disease', 'K21.9'), C('depression', 'F32.A')] } },
    { id: 'pmh-mts13', src: 'mts:train:13:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('peptic ulcer disease', 'K27.9'), C('stroke', null, true), C('memory loss', 'R41.3')] } },
    { id: 'pmh-mts115', src: 'mts:train:115:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('diabetes', 'E11.9'), C('obesity', 'E66.9'), C('chronic bronchitis', 'J42')] } },
    { id: 'pmh-mts5', src: 'mts:train:5:dialogue', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('asthma', 'J45.909')] } },
    { id: 'pmh-primock-d1c06', src: 'primock:day1_consultation06:note', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('heart failure', 'I50.9'), C('unstable angina', null, true)] } },
    { id: 'pmh-primock-d1c07', src: 'primock:day1_consultation07:note', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('obesity', 'E66.9'), C('type 2 diabetes', 'E11.9'), C('hypertension', 'I10')] } },
    { id: 'pmh-primock-d1c09', src: 'primock:day1_consultation09:note', schema: 'pmh', gold: { no_significant_pmh: false, conditions: [C('IBS', 'K58.9')] } },
    { id: 'pmh-primock-d1c13', src: 'primock:day1_consultation13:note', schema: 'pmh', gold: { no_significant_pmh: true, conditions: [] } },
  ],
};
export default data;
