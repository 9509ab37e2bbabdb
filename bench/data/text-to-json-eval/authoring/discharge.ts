// Discharge summaries and after-visit summaries: disposition, condition at discharge,
// treatments given (dose converted to mg), discharge medication changes, follow-up as days,
// return-fever threshold in Celsius; review windows from PriMock57 UK GP notes ("3-5d", "1/52").
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const ne = (values: string[], extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], enum: [...values, null], ...extra });

const dischargeSummary = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'DischargeSummary',
  type: 'object',
  properties: {
    disposition: ne(['home', 'rehabilitation facility', 'skilled nursing facility', 'acute care', 'left against medical advice']),
    dischargedWith: n('string', { description: 'Person the patient leaves with or stays with' }),
    conditionAtDischarge: ne(['good', 'stable', 'fair', 'guarded', 'poor']),
    treatmentsGiven: {
      type: 'array',
      description: 'Drugs administered during the encounter',
      items: { type: 'object', properties: { drug: { type: 'string' }, doseMg: n('number'), route: ne(['IV', 'IM', 'SC', 'PO']) } },
    },
    dischargeMedications: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, change: { enum: ['new', 'continue', 'stop'] } } },
    },
    referrals: { type: 'array', items: { type: 'string' } },
    followUp: {
      type: 'object',
      properties: {
        clinician: n('string'),
        withinDays: n('integer', { description: 'Latest day after discharge by which the follow-up visit should happen' }),
      },
    },
    returnIfTempAboveC: n('number', { description: 'Fever threshold for returning, degrees Celsius' }),
  },
};

const afterVisit = {
  title: 'after_visit_summary',
  type: 'object',
  properties: {
    impression: { type: 'string' },
    review_min_days: n('integer', { description: 'Earliest day of the planned review, days from today' }),
    review_max_days: n('integer', { description: 'Latest day of the planned review, days from today' }),
    review_only_if_not_improving: { type: 'boolean' },
    tests: { type: 'array', items: { type: 'string' } },
    antibiotics_prescribed: { type: 'boolean' },
  },
};

const D = (o: Record<string, unknown>) => ({
  disposition: null, dischargedWith: null, conditionAtDischarge: null, treatmentsGiven: [], dischargeMedications: [], referrals: [],
  followUp: { clinician: null, withinDays: null }, returnIfTempAboveC: null, ...o,
});
const T = (drug: string, doseMg: number | null, route: string | null) => ({ drug, doseMg, route });
const A = (impression: string, min: number | null, max: number | null, onlyIf: boolean, tests: string[], abx: boolean) => ({
  impression, review_min_days: min, review_max_days: max, review_only_if_not_improving: onlyIf, tests, antibiotics_prescribed: abx,
});

const data: Authored = {
  schemas: { dischargeSummary, afterVisit },
  cases: [
    { id: 'dc-mts603', src: 'mts:train:603:dialogue', schema: 'dischargeSummary', gold: D({ disposition: 'home', dischargeMedications: [{ name: 'Zithromax', change: 'new' }], followUp: { clinician: null, withinDays: 7 } }) },
    { id: 'dc-mts828', src: 'mts:train:828:dialogue', schema: 'dischargeSummary', gold: D({ disposition: 'home', dischargedWith: 'friend', dischargeMedications: [{ name: 'Prozac', change: 'stop' }], followUp: { clinician: 'Doctor X', withinDays: null } }) },
    { id: 'dc-mts706', src: 'mts:train:706:dialogue', schema: 'dischargeSummary', gold: D({ treatmentsGiven: [T('epinephrine', 0.3, 'SC'), T('Benadryl', 50, 'IM')] }) },
    { id: 'dc-mtsv83', src: 'mts:valid:83:dialogue', schema: 'dischargeSummary', gold: D({ treatmentsGiven: [T('Norflex', 60, 'IV'), T('Zofran', 4, 'IV'), T('morphine sulfate', 4, 'IV')] }) },
    { id: 'dc-mtsv44', src: 'mts:valid:44:dialogue', schema: 'dischargeSummary', gold: D({ treatmentsGiven: [T('Dilaudid', 4, 'IM')] }) },
    {
      id: 'dc-mtsv33', src: 'mts:valid:33:dialogue', schema: 'dischargeSummary',
      gold: D({ dischargeMedications: [{ name: 'Cipro', change: 'continue' }], referrals: ['physical therapy', 'occupational therapy', 'speech therapy'] }),
    },
    { id: 'dc-mtsv50', src: 'mts:valid:50:dialogue', schema: 'dischargeSummary', gold: D({ followUp: { clinician: null, withinDays: 7 } }) },
    { id: 'dc-mts1129', src: 'mts:train:1129:dialogue', schema: 'dischargeSummary', gold: D({ followUp: { clinician: 'Doctor X Y Z', withinDays: 7 }, returnIfTempAboveC: 38.6 }) },
    { id: 'dc-mts311', src: 'mts:train:311:dialogue', schema: 'dischargeSummary', gold: D({ followUp: { clinician: 'Doctor X', withinDays: 14 } }) },
    { id: 'dc-mts716', src: 'mts:train:716:dialogue', schema: 'dischargeSummary', gold: D({ disposition: 'home' }) },
    { id: 'dc-mtsv12', src: 'mts:valid:12:dialogue', schema: 'dischargeSummary', gold: D({ disposition: 'home', dischargedWith: 'son' }) },
    { id: 'dc-mts1183', src: 'mts:train:1183:dialogue', schema: 'dischargeSummary', gold: D({ disposition: 'acute care' }) },
    { id: 'dc-mts696', src: 'mts:train:696:dialogue', schema: 'dischargeSummary', gold: D({ conditionAtDischarge: 'guarded' }) },
    { id: 'dc-mts51', src: 'mts:train:51:dialogue', schema: 'dischargeSummary', gold: D({ conditionAtDischarge: 'fair' }) },
    { id: 'dc-mts260', src: 'mts:train:260:dialogue', schema: 'dischargeSummary', gold: D({ conditionAtDischarge: 'stable' }) },
    { id: 'avs-primock-d1c01', src: 'primock:day1_consultation01:note', schema: 'afterVisit', gold: A('gastroenteritis', 3, 5, true, [], false) },
    { id: 'avs-primock-d1c02', src: 'primock:day1_consultation02:note', schema: 'afterVisit', gold: A('flare up of eczema', 10, 14, true, [], false) },
    { id: 'avs-primock-d1c04', src: 'primock:day1_consultation04:note', schema: 'afterVisit', gold: A('viral URTI/influenza', 5, 7, true, [], false) },
    { id: 'avs-primock-d1c05', src: 'primock:day1_consultation05:note', schema: 'afterVisit', gold: A('?UTI', 1, 2, true, ['pregnancy test', 'urine dip', 'MSU'], true) },
    { id: 'avs-primock-d1c09', src: 'primock:day1_consultation09:note', schema: 'afterVisit', gold: A('UTI/cystitis', 3, 3, true, ['pregnancy test'], true) },
    { id: 'avs-primock-d1c13', src: 'primock:day1_consultation13:note', schema: 'afterVisit', gold: A('migraines', 7, 7, false, [], false) },
  ],
};
export default data;
