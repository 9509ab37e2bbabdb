// Registry and research case-report forms: a pain CRF (NRS now vs worst, onset in days,
// yes/no items), a review-of-systems CRF (booleans from negation, null when not asked) and a
// heart-failure registry CRF (terse upper-case keys, LVEF class, loop-diuretic mg/day, months).
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const ne = (values: string[], extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], enum: [...values, null], ...extra });
const nrs = n('integer', { minimum: 0, maximum: 10 });

const pain = {
  title: 'PAIN_CRF_v2',
  type: 'object',
  properties: {
    pt_age_yr: n('integer'),
    pain_site: n('string'),
    pain_now_nrs: { ...nrs, description: 'Current pain, 0-10 numeric rating scale' },
    pain_worst_nrs: { ...nrs, description: 'Worst pain, 0-10' },
    onset_days_ago: n('number'),
    prior_similar_ep: n('boolean'),
    fever_yn: n('boolean'),
    trauma_yn: n('boolean'),
    night_pain_yn: n('boolean'),
  },
};

const rosItems = ['fever', 'chills', 'weightLoss', 'nausea', 'vomiting', 'abdominalPain', 'chestPain', 'shortnessOfBreath', 'cough', 'hemoptysis', 'headache', 'rash'];
const ros = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Review of systems (research CRF)',
  description: 'true = symptom reported, false = symptom denied, null = not asked',
  type: 'object',
  properties: Object.fromEntries(rosItems.map((k) => [k, n('boolean')])),
};

const hf = {
  title: 'HF-REG CRF v3',
  type: 'object',
  properties: {
    AGE: n('integer'),
    SEX: ne(['M', 'F']),
    LVEF_PCT: n('number', { description: 'Most recent LVEF, %' }),
    HF_TYPE: ne(['HFrEF', 'HFmrEF', 'HFpEF'], { description: 'LVEF <=40 HFrEF, 41-49 HFmrEF, >=50 HFpEF' }),
    MR_GRADE: ne(['none', 'mild', 'mild-moderate', 'moderate', 'severe']),
    EDEMA: n('boolean', { description: 'Peripheral edema on exam' }),
    JVD: n('boolean'),
    SBP: n('number', { description: 'Clinic systolic BP, mmHg' }),
    LOOP_DIUR: n('string'),
    LOOP_DIUR_MG_D: n('number', { description: 'Loop diuretic daily dose after this visit, mg/day' }),
    ACEI_ARB: n('boolean'),
    NUTR_REF: { type: 'boolean', description: 'Referred to a nutritionist' },
    FU_MO: n('number', { description: 'Follow-up interval, months' }),
  },
};

const PN = (o: Record<string, unknown>) => ({
  pt_age_yr: null, pain_site: null, pain_now_nrs: null, pain_worst_nrs: null, onset_days_ago: null, prior_similar_ep: null, fever_yn: null, trauma_yn: null, night_pain_yn: null, ...o,
});
const RS = (o: Record<string, boolean>) => ({ ...Object.fromEntries(rosItems.map((k) => [k, null])), ...o });
const HF = (o: Record<string, unknown>) => ({
  AGE: null, SEX: null, LVEF_PCT: null, HF_TYPE: null, MR_GRADE: null, EDEMA: null, JVD: null, SBP: null, LOOP_DIUR: null, LOOP_DIUR_MG_D: null, ACEI_ARB: null, NUTR_REF: false, FU_MO: null, ...o,
});

const data: Authored = {
  schemas: { pain, ros, hf },
  cases: [
    { id: 'pain-mts131', src: 'mts:train:131:dialogue', schema: 'pain', gold: PN({ pt_age_yr: 16, pain_site: 'right frontal', pain_now_nrs: 9, onset_days_ago: 2, prior_similar_ep: false, fever_yn: false, trauma_yn: false }) },
    { id: 'pain-mts336', src: 'mts:train:336:dialogue', schema: 'pain', gold: PN({ pt_age_yr: 34, pain_site: 'upper back', pain_now_nrs: 2, pain_worst_nrs: 4, fever_yn: false }) },
    { id: 'pain-mts490', src: 'mts:train:490:dialogue', schema: 'pain', gold: PN({ pt_age_yr: 45, pain_site: 'right side of stomach', pain_now_nrs: 5, pain_worst_nrs: 7 }) },
    { id: 'pain-mts782', src: 'mts:train:782:dialogue', schema: 'pain', gold: PN({ pain_site: 'right lower back and buttock', pain_now_nrs: 7 }) },
    { id: 'pain-mts1001', src: 'mts:train:1001:dialogue', schema: 'pain', gold: PN({ pain_now_nrs: 2 }) },
    { id: 'pain-mts1044', src: 'mts:train:1044:dialogue', schema: 'pain', gold: PN({ pain_now_nrs: 6, night_pain_yn: false }) },
    { id: 'ros-mts34', src: 'mts:train:34:dialogue', schema: 'ros', gold: RS({ weightLoss: false, fever: false, nausea: false, vomiting: false }) },
    { id: 'ros-mts124', src: 'mts:train:124:dialogue', schema: 'ros', gold: RS({ nausea: false, vomiting: false, abdominalPain: false }) },
    { id: 'ros-mts214', src: 'mts:train:214:dialogue', schema: 'ros', gold: RS({ nausea: true, vomiting: true, fever: true, hemoptysis: true, chestPain: true }) },
    { id: 'ros-mts253', src: 'mts:train:253:dialogue', schema: 'ros', gold: RS({ cough: true, shortnessOfBreath: false, chestPain: false, fever: false, chills: false }) },
    { id: 'ros-mts255', src: 'mts:train:255:dialogue', schema: 'ros', gold: RS({ nausea: false, vomiting: false, shortnessOfBreath: false, chestPain: false }) },
    { id: 'ros-mts338', src: 'mts:train:338:dialogue', schema: 'ros', gold: RS({ vomiting: true, shortnessOfBreath: false, chestPain: false, hemoptysis: false, headache: false, rash: true }) },
    { id: 'ros-mts395', src: 'mts:train:395:dialogue', schema: 'ros', gold: RS({ fever: false, chills: false, headache: false, vomiting: true, abdominalPain: true, cough: false }) },
    {
      id: 'ros-mts408', src: 'mts:train:408:dialogue', schema: 'ros',
      gold: RS({ weightLoss: false, fever: false, chills: false, headache: false, chestPain: false, shortnessOfBreath: false, cough: true, hemoptysis: false, nausea: false, vomiting: false, abdominalPain: false, rash: false }),
    },
    { id: 'hf-d2n001', src: 'aci:train:D2N001:note', schema: 'hf', gold: HF({ AGE: 50, SEX: 'F', LVEF_PCT: 45, HF_TYPE: 'HFmrEF', EDEMA: true, LOOP_DIUR: 'Lasix', LOOP_DIUR_MG_D: 20, ACEI_ARB: true }) },
    { id: 'hf-d2n008', src: 'aci:train:D2N008:note', schema: 'hf', gold: HF({ AGE: 49, SEX: 'F', LVEF_PCT: 45, HF_TYPE: 'HFmrEF', MR_GRADE: 'moderate', EDEMA: true, LOOP_DIUR: 'Lasix', LOOP_DIUR_MG_D: 40, ACEI_ARB: true }) },
    {
      id: 'hf-d2n035', src: 'aci:train:D2N035:note', schema: 'hf',
      gold: HF({ SEX: 'F', LVEF_PCT: 55, HF_TYPE: 'HFpEF', MR_GRADE: 'mild-moderate', EDEMA: true, JVD: false, SBP: 128, LOOP_DIUR: 'Bumex', LOOP_DIUR_MG_D: 2, ACEI_ARB: true, NUTR_REF: true, FU_MO: 3 }),
    },
    { id: 'hf-d2n068', src: 'aci:valid:D2N068:note', schema: 'hf', gold: HF({ AGE: 58, SEX: 'M', LVEF_PCT: 45, HF_TYPE: 'HFmrEF', MR_GRADE: 'mild', EDEMA: true, JVD: true, LOOP_DIUR: 'Lasix', LOOP_DIUR_MG_D: 80, ACEI_ARB: true }) },
    {
      id: 'hf-d2n084', src: 'aci:valid:D2N084:note', schema: 'hf',
      gold: HF({ SEX: 'M', LVEF_PCT: 55, HF_TYPE: 'HFpEF', MR_GRADE: 'mild-moderate', EDEMA: true, JVD: false, SBP: 128, LOOP_DIUR: 'Bumex', LOOP_DIUR_MG_D: 2, ACEI_ARB: true, NUTR_REF: true }),
    },
  ],
};
export default data;
