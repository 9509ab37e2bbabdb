// Function-call parameters (the `parameters` object of a tool an assistant would call, in the
// GlaiveAI / OpenAI tools style): schedule_follow_up (interval value + unit), prescribe
// (strength in mg, frequency enum, PRN, dispense quantity, duration in days), order_diagnostics.
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const strings = { type: 'array', items: { type: 'string' } };

const followUp = {
  title: 'schedule_follow_up',
  description: 'Book the next visit the clinician asked for.',
  type: 'object',
  required: ['interval_value', 'interval_unit'],
  properties: {
    interval_value: { type: 'integer', description: 'How many units from today' },
    interval_unit: { type: 'string', enum: ['days', 'weeks', 'months', 'years'] },
    purpose: n('string', { description: 'What the visit is for' }),
  },
};

const prescribe = {
  title: 'prescribe',
  description: 'Record the medication orders given in this encounter: every drug the clinician tells the patient to take.',
  type: 'object',
  required: ['prescriptions'],
  properties: {
    prescriptions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['drug_name', 'as_needed'],
        properties: {
          drug_name: { type: 'string' },
          strength_mg: n('number'),
          frequency: { type: ['string', 'null'], enum: ['once daily', 'twice daily', 'three times daily', 'four times daily', 'every 4 hours', 'every 6 hours', 'every 8 hours', 'at bedtime', null] },
          as_needed: { type: 'boolean' },
          dispense_quantity: n('integer', { description: 'Number of tablets to dispense' }),
          duration_days: n('integer'),
          indication: n('string'),
        },
      },
    },
  },
};

const diagnostics = {
  title: 'order_diagnostics',
  description: 'Place the orders for tests decided at this visit.',
  type: 'object',
  properties: {
    labs: { ...strings, description: 'Blood, urine and other laboratory tests' },
    imaging: { ...strings, description: 'Ultrasound, x-ray, CT, MRI, echocardiography, mammography' },
    other: { ...strings, description: 'Any other test (stress test, pulmonary function, EMG, ...)' },
  },
};

const FU = (interval_value: number, interval_unit: string, purpose: string | null) => ({ interval_value, interval_unit, purpose });
const RX = (drug_name: string, strength_mg: number | null, frequency: string | null, as_needed: boolean, dispense_quantity: number | null = null, duration_days: number | null = null, indication: string | null = null) => ({
  drug_name, strength_mg, frequency, as_needed, dispense_quantity, duration_days, indication,
});

const data: Authored = {
  schemas: { followUp, prescribe, diagnostics },
  cases: [
    { id: 'fu-d2n018', src: 'aci-sec:train:assessment_and_plan:D2N018', schema: 'followUp', gold: FU(2, 'weeks', 'repeat imaging') },
    { id: 'fu-d2n024', src: 'aci-sec:train:assessment_and_plan:D2N024', schema: 'followUp', gold: FU(6, 'months', 'reevaluate scars') },
    { id: 'fu-d2n027', src: 'aci-sec:train:assessment_and_plan:D2N027', schema: 'followUp', gold: FU(1, 'years', 'routine wellness visit') },
    { id: 'fu-d2n028', src: 'aci-sec:train:assessment_and_plan:D2N028', schema: 'followUp', gold: FU(4, 'weeks', null) },
    { id: 'fu-d2n031', src: 'aci-sec:train:assessment_and_plan:D2N031', schema: 'followUp', gold: FU(1, 'years', 'follow up after the mammogram') },
    { id: 'fu-d2n032', src: 'aci-sec:train:assessment_and_plan:D2N032', schema: 'followUp', gold: FU(3, 'months', 'assess her pain') },
    { id: 'fu-d2n036', src: 'aci-sec:train:assessment_and_plan:D2N036', schema: 'followUp', gold: FU(2, 'weeks', 'review EMG results') },
    { id: 'fu-d2n038', src: 'aci-sec:train:assessment_and_plan:D2N038', schema: 'followUp', gold: FU(3, 'weeks', 'review his results and discuss further treatment') },
    { id: 'fu-d2n039', src: 'aci-sec:train:assessment_and_plan:D2N039', schema: 'followUp', gold: FU(3, 'weeks', 'review blood pressure log') },
    { id: 'rx-d2n018', src: 'aci-sec:train:assessment_and_plan:D2N018', schema: 'prescribe', gold: { prescriptions: [RX('Lortab', 5, 'every 6 hours', true, 20, null, 'pain')] } },
    { id: 'rx-d2n005', src: 'aci-sec:train:assessment_and_plan:D2N005', schema: 'prescribe', gold: { prescriptions: [RX('tramadol', 50, 'every 6 hours', true, 8, null, 'pain')] } },
    { id: 'rx-d2n036', src: 'aci-sec:train:assessment_and_plan:D2N036', schema: 'prescribe', gold: { prescriptions: [RX('ibuprofen', 600, 'every 6 hours', false, null, null, 'bilateral carpal tunnel syndrome')] } },
    { id: 'rx-d2n039', src: 'aci-sec:train:assessment_and_plan:D2N039', schema: 'prescribe', gold: { prescriptions: [RX('Cardura', 4, 'once daily', false, null, null, 'hypertension'), RX('Tylenol', null, null, true, null, null, 'pain')] } },
    {
      id: 'rx-mts1197', src: 'mts:train:1197:dialogue', schema: 'prescribe',
      gold: { prescriptions: [RX('ibuprofen', 800, 'every 8 hours', true, null, null, 'muscle spasms'), RX('Tylenol number three', null, 'every 6 hours', true, null, null, 'muscle spasms'), RX('methocarbamol', 750, 'four times daily', false, null, null, 'muscle spasms')] },
    },
    { id: 'rx-mtsv99', src: 'mts:valid:99:dialogue', schema: 'prescribe', gold: { prescriptions: [RX('baby aspirin', null, null, false), RX('Nexium', 40, 'once daily', false, null, null, 'reduce the risk of an upper GI bleed')] } },
    { id: 'rx-mts413', src: 'mts:train:413:dialogue', schema: 'prescribe', gold: { prescriptions: [RX('Nexium', 40, 'once daily', false)] } },
    { id: 'dx-d2n038', src: 'aci-sec:train:assessment_and_plan:D2N038', schema: 'diagnostics', gold: { labs: ['hepatitis C RNA', 'HCV genotype'], imaging: ['ultrasound elastography'], other: [] } },
    {
      id: 'dx-d2n039', src: 'aci-sec:train:assessment_and_plan:D2N039', schema: 'diagnostics',
      gold: { labs: ['urine collection', 'morning aldosterone levels', 'renal levels', '24-hour urine'], imaging: ['renal artery ultrasound'], other: [] },
    },
    {
      id: 'dx-d2n027', src: 'aci-sec:train:assessment_and_plan:D2N027', schema: 'diagnostics',
      gold: { labs: ['alkaline phosphatase', 'gamma GT', 'MMR titer'], imaging: ['echocardiogram'], other: ['stress test', 'pulmonary function testing'] },
    },
    { id: 'dx-d2n028', src: 'aci-sec:train:assessment_and_plan:D2N028', schema: 'diagnostics', gold: { labs: ['liver enzymes'], imaging: ['liver ultrasound'], other: [] } },
  ],
};
export default data;
