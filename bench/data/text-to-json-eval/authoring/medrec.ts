// Medication reconciliation: a plan-driven reconciliation (action, new vs previous dose in
// mg, frequency, as-needed, indication) over ACI-BENCH plans and PriMock57 notes, and a terse
// home-medication list (abbreviated keys and HL7-style codes) over MTS-Dialog dialogues.
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const ne = (values: string[], extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], enum: [...values, null], ...extra });

const reconciliation = {
  title: 'medication_reconciliation',
  description: 'Medication changes decided at this visit.',
  type: 'object',
  required: ['medications'],
  properties: {
    medications: {
      type: 'array',
      items: {
        type: 'object',
        required: ['drug', 'action'],
        properties: {
          drug: { type: 'string', description: 'Drug name as written (brand or generic)' },
          action: { enum: ['continue', 'start', 'increase', 'decrease', 'stop'] },
          dose_mg: n('number', { description: 'Dose in milligrams after this visit' }),
          previous_dose_mg: n('number', { description: 'Dose in milligrams before a change made at this visit' }),
          frequency: ne(['once daily', 'twice daily', 'three times daily', 'four times daily', 'every 4-6 hours', 'at bedtime', 'weekly']),
          prn: { type: 'boolean', description: 'Taken only as needed' },
          indication: n('string'),
        },
      },
    },
  },
};

const homeList = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'HML',
  type: 'object',
  required: ['no_meds', 'meds'],
  properties: {
    no_meds: { type: 'boolean' },
    meds: {
      type: 'array',
      items: {
        type: 'object',
        required: ['nm'],
        properties: {
          nm: { type: 'string' },
          dose: n('number'),
          unit: ne(['mg', 'mcg', 'g', 'units', 'tab', 'puff', '%']),
          rte: ne(['PO', 'TOP', 'INH', 'IN', 'IV', 'SC']),
          freq: ne(['QD', 'BID', 'TID', 'QID', 'QAM', 'QHS', 'Q8H']),
          prn: { type: 'boolean' },
          ind: n('string'),
        },
      },
    },
  },
};

const R = (drug: string, action: string, dose: number | null, prev: number | null, frequency: string | null, prn: boolean, indication: string | null) => ({
  drug, action, dose_mg: dose, previous_dose_mg: prev, frequency, prn, indication,
});
const H = (nm: string, dose: number | null, unit: string | null, rte: string | null, freq: string | null, prn: boolean, ind: string | null) => ({ nm, dose, unit, rte, freq, prn, ind });

const data: Authored = {
  schemas: { reconciliation, homeList },
  cases: [
    {
      id: 'rec-d2n001', src: 'aci-sec:train:assessment_and_plan:D2N001', schema: 'reconciliation',
      gold: { medications: [R('lisinopril', 'increase', 40, null, 'once daily', false, 'hypertension'), R('Lasix', 'start', 20, null, 'once daily', false, 'congestive heart failure')] },
    },
    {
      id: 'rec-d2n004', src: 'aci-sec:train:assessment_and_plan:D2N004', schema: 'reconciliation',
      gold: {
        medications: [
          R('meloxicam', 'start', 15, null, 'once daily', false, 'acute lumbar strain'),
          R('metformin', 'increase', 1000, null, 'twice daily', false, 'type 2 diabetes'),
          R('lisinopril', 'continue', 20, null, 'once daily', false, 'congestive heart failure'),
          R('Lasix', 'continue', null, null, null, false, 'congestive heart failure'),
        ],
      },
    },
    {
      id: 'rec-d2n012', src: 'aci-sec:train:assessment_and_plan:D2N012', schema: 'reconciliation',
      gold: {
        medications: [
          R('albuterol', 'continue', null, null, 'every 4-6 hours', true, 'asthma'),
          R('Symbicort', 'start', null, null, 'twice daily', false, 'asthma'),
          R('Prozac', 'stop', null, 20, null, false, 'depression'),
          R('Zoloft', 'start', 25, null, 'once daily', false, 'depression'),
          R('metformin', 'increase', 1000, null, 'twice daily', false, 'type 2 diabetes'),
        ],
      },
    },
    {
      id: 'rec-d2n066', src: 'aci-sec:train:assessment_and_plan:D2N066', schema: 'reconciliation',
      gold: {
        medications: [
          R('Naprosyn', 'start', 500, null, 'twice daily', false, 'lower back pain'),
          R('Flexeril', 'start', 10, null, 'twice daily', false, 'lower back pain'),
          R('metformin', 'continue', 500, null, 'twice daily', false, 'diabetes'),
          R('Norvasc', 'stop', null, null, null, false, 'hypertension'),
          R('hydrochlorothiazide', 'start', 10, null, 'once daily', false, 'hypertension'),
        ],
      },
    },
    {
      id: 'rec-d2n070', src: 'aci-sec:valid:assessment_and_plan:D2N070', schema: 'reconciliation',
      gold: {
        medications: [
          R('meloxicam', 'start', 15, null, 'once daily', false, 'lumbar strain'),
          R('metformin', 'increase', 1000, null, 'twice daily', false, 'type 2 diabetes'),
          R('lisinopril', 'increase', 20, 10, 'once daily', false, 'hypertension'),
        ],
      },
    },
    {
      id: 'rec-primock-d1c06', src: 'primock:day1_consultation06:note', schema: 'reconciliation',
      gold: {
        medications: [
          R('furosemide', 'increase', null, null, 'twice daily', false, 'heart failure'),
          R('aspirin', 'continue', null, null, null, false, null),
          R('bisoprolol', 'continue', null, null, null, false, null),
          R('simvastatin', 'continue', null, null, null, false, null),
        ],
      },
    },
    {
      id: 'rec-primock-d1c03', src: 'primock:day1_consultation03:note', schema: 'reconciliation',
      gold: {
        medications: [
          R('microgynon', 'stop', null, null, null, false, null),
          R('progesterone-only pill', 'start', null, null, null, false, null),
          R('paracetamol', 'start', null, null, null, false, 'migraine'),
          R('NSAIDs', 'start', null, null, null, false, 'migraine'),
        ],
      },
    },
    {
      id: 'hml-mts711', src: 'mts:train:711:dialogue', schema: 'homeList',
      gold: {
        no_meds: false,
        meds: [
          H('triamcinolone', 0.1, '%', 'TOP', 'TID', false, 'rash'),
          H('Bactroban', null, null, 'TOP', 'TID', true, 'bug bites'),
          H('nystatin', null, null, 'TOP', 'QD', true, null),
          H('Klonopin', null, 'mg', null, null, false, null),
        ],
      },
    },
    { id: 'hml-mtsv47', src: 'mts:valid:47:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Flagyl', 500, 'mg', 'IV', 'Q8H', false, null), H('Levaquin', 500, 'mg', null, 'QD', false, null)] } },
    { id: 'hml-mtsv93', src: 'mts:valid:93:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Remeron', null, null, null, null, false, 'depression'), H('Ziac', null, null, null, null, false, 'high blood pressure')] } },
    { id: 'hml-mts459', src: 'mts:train:459:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Prilosec', null, null, null, null, false, null), H('tramadol', null, null, null, null, true, 'back pain')] } },
    { id: 'hml-mts3', src: 'mts:train:3:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('salmeterol', null, null, 'INH', null, true, null), H('fluticasone', null, null, 'IN', null, false, null)] } },
    { id: 'hml-mts12', src: 'mts:train:12:dialogue', schema: 'homeList', gold: { no_meds: true, meds: [] } },
    { id: 'hml-mts705', src: 'mts:train:705:dialogue', schema: 'homeList', gold: { no_meds: false, meds: ['insulin', 'metformin', 'Glucotrol', 'Lipitor'].map((d) => H(d, null, null, null, null, false, null)) } },
    { id: 'hml-mts770', src: 'mts:train:770:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Claritin', null, null, null, null, false, 'allergic rhinitis')] } },
    { id: 'hml-mts452', src: 'mts:train:452:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('insulin', null, null, null, null, false, 'diabetes')] } },
    { id: 'rec-d2n016', src: 'aci-sec:train:assessment_and_plan:D2N016', schema: 'reconciliation', gold: { medications: [R('Norvasc', 'increase', 10, null, 'once daily', false, 'hypertension')] } },
    {
      id: 'rec-d2n068', src: 'aci-sec:valid:assessment_and_plan:D2N068', schema: 'reconciliation',
      gold: { medications: [R('Lasix', 'increase', 80, null, 'once daily', false, 'congestive heart failure'), R('lisinopril', 'continue', 20, null, 'once daily', false, 'hypertension')] },
    },
    {
      id: 'rec-d2n008', src: 'aci-sec:train:assessment_and_plan:D2N008', schema: 'reconciliation',
      gold: {
        medications: [
          R('Lasix', 'start', 40, null, 'once daily', false, 'congestive heart failure'),
          R('Toprol', 'continue', 50, null, 'once daily', false, 'congestive heart failure'),
          R('lisinopril', 'continue', 10, null, 'once daily', false, 'congestive heart failure'),
        ],
      },
    },
    { id: 'hml-mts85', src: 'mts:train:85:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Advair', null, null, null, null, false, null), H('Allegra', null, null, null, null, false, null)] } },
    { id: 'hml-mts155', src: 'mts:train:155:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('thyroid meds', null, null, null, null, false, null), H('Lipitor', null, null, null, null, false, null)] } },
    { id: 'hml-mts201', src: 'mts:train:201:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('Abilify', null, null, null, null, false, 'mood')] } },
    { id: 'hml-mts68', src: 'mts:train:68:dialogue', schema: 'homeList', gold: { no_meds: false, meds: [H('OxyContin', null, null, null, null, false, 'pain'), H('Vicodin', null, null, null, null, false, 'pain')] } },
  ],
};
export default data;
