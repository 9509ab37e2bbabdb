// Referral letters: a terse referral request (destination enum, urgency, symptom duration in
// days, meds, allergies) over PriMock57 GP notes, and Title Case referral letters rewritten by
// hand from ACI-BENCH / PriMock57 cases (scoped findings: current vs previous, unit conversion).
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const ne = (values: string[], extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], enum: [...values, null], ...extra });
const strings = { type: 'array', items: { type: 'string' } };

const request = {
  title: 'referral_request',
  type: 'object',
  required: ['destination', 'urgency'],
  properties: {
    destination: { enum: ['GP face-to-face', 'ambulance (999)', 'emergency department', 'specialist clinic', 'acute hospital assessment'] },
    specialty: n('string'),
    urgency: { enum: ['routine', 'urgent', 'emergency'] },
    reason: { type: 'string', description: 'Working diagnosis or question' },
    sx_duration_days: n('integer', { description: 'How long the presenting symptoms have lasted, in days (0 = today)' }),
    meds: { ...strings, description: 'Current medications' },
    allergies: { type: 'array', items: { type: 'object', properties: { substance: { type: 'string' }, reaction: n('string') } } },
    nkda: n('boolean', { description: 'True when the note says no known allergies' }),
    smoking: ne(['never', 'former', 'current']),
    pmh: strings,
  },
};

const letter = {
  title: 'Referral Letter',
  type: 'object',
  properties: {
    Patient: {
      type: 'object',
      properties: { 'Legal Name': n('string'), 'Preferred Name': n('string'), DOB: n('string', { format: 'date' }), 'Patient ID': n('string', { description: 'MRN or NHS number' }) },
    },
    'Referring Clinician': n('string'),
    Specialty: n('string'),
    Priority: ne(['Routine', 'Urgent', '2WW']),
    'Relevant Findings': {
      type: 'object',
      properties: {
        'HbA1c %': n('number'),
        'eGFR (mL/min/1.73m2)': n('number'),
        BMI: n('number'),
        'Weight (kg)': n('number'),
        'Max Temp (°F)': n('number'),
        'Peak Flow (L/min)': n('number', { description: 'Most recent reading' }),
      },
    },
    'Current Medications': {
      type: 'array',
      items: { type: 'object', properties: { Drug: { type: 'string' }, Dose: n('string'), Frequency: n('string') } },
    },
    Allergies: { type: 'array', items: { type: 'object', properties: { Substance: { type: 'string' }, Reaction: n('string') } } },
    NKDA: n('boolean'),
    'Family History': n('string'),
  },
};

const Q = (o: Record<string, unknown>) => ({ specialty: null, sx_duration_days: null, meds: [], allergies: [], nkda: null, smoking: null, pmh: [], ...o });
const al = (substance: string, reaction: string | null = null) => ({ substance, reaction });
const M = (Drug: string, Dose: string | null = null, Frequency: string | null = null) => ({ Drug, Dose, Frequency });
const findings = (o: Record<string, number>) => ({ 'HbA1c %': null, 'eGFR (mL/min/1.73m2)': null, BMI: null, 'Weight (kg)': null, 'Max Temp (°F)': null, 'Peak Flow (L/min)': null, ...o });

const letterAllen = `Dear Physical Therapy team,

Re: James Allen, DOB December 5, 1968, MRN 4471203

I would be grateful if you could see this 57-year-old gentleman, who felt a "pop" and immediate pain in
his low back while golfing about 4 days ago. Tylenol and ibuprofen have not helped much, and I have
started meloxicam 15 mg once daily. He also has congestive heart failure, stable on lisinopril 20 mg
once daily and Lasix, and type 2 diabetes: his last hemoglobin A1c was 8%, so metformin goes up to
1000 mg twice daily from today. He weighed 212 lb in clinic. No known drug allergies.
Please work on strengthening the area; I will order an MRI if he is no better.
Priority: routine.

Yours sincerely,
Dr. Hannah Okafor, Family Medicine`;

const letterRaman = `URGENT REFERRAL - Tropical Medicine Clinic

Patient: Priya Raman (prefers "Pri"), born 2 March 1994, NHS number 943 476 5919

Seven days of fever with sweats, muscle aches, nausea, fatigue and night sweats after returning from
several weeks in Vietnam (rural and urban travel, trekking and cycling). She took daily malaria
prophylaxis but cannot recall the name. Highest temperature at home 38.9 °C; ibuprofen and
paracetamol bring it down only slightly. Back pain under physiotherapy. Father had an MI at 68.
Medication: Cerazette. No allergies (hay fever only). Non-smoker, works as a nurse.
Please assess for malaria - thick and thin films requested.

Dr M. Adeyemi, GP`;

const letterWhitlock = `Dear Cardiology colleague,

Mr Graham Whitlock, DOB 1 February 1957, hospital no. RX55102

This man with known heart failure (and possible unstable angina in the past) takes furosemide, aspirin,
bisoprolol and simvastatin. He has two weeks of worsening breathlessness on minimal exertion, a dry cough
and bilateral ankle oedema up to the shins. I have increased his furosemide to twice daily and arranged
bloods including BNP and U+Es. His last eGFR was 52 mL/min/1.73m2 in March; he weighs 88 kg today, up
3 kg. Ex-smoker, 25 pack-years. His father died of an MI in his early sixties. NKDA.
I would be grateful for an echo and review - urgent please.

Dr S. Patel, General Practitioner`;

const letterBrooks = `To: Endocrinology, Riverside Medical Center
From: Dr. Luis Ortega, Internal Medicine
Patient: John Brooks (DOB 1970-08-19), MRN 00982231
Priority: routine

Mr. Brooks, 55, has newly diagnosed type 2 diabetes: hemoglobin A1c was 6.3% last spring and is now
8.0%. Clinic glucose today 212 mg/dL. BMI 31.4. He has started metformin 500 mg twice daily. He also has
epilepsy, seizure-free on Keppra (dose managed by neurology), and anxiety. Allergy: sulfa (hives).
His mother had type 2 diabetes. Please advise on further management and diabetes education.`;

const letterGrant = `Respiratory clinic referral (routine)

Name: Olivia Grant, known as Liv. DOB 23 September 2001.
Asthma since childhood, and eczema. Last attack 3 years ago; never hospitalised, never needed oral
steroids. Three to four days of breathlessness with wheeze and a dry cough, using her blue inhaler twice
a day. Her usual peak flow is 380 L/min; today it was 290 L/min. I have increased her Clenil from 2 puffs
twice daily to 4 puffs twice daily, with salbutamol up to every 2-4 hours. She also uses hydrocortisone
cream and Cetraben for eczema. No allergies. Weight 61 kg.

Dr R. Byrne`;

const letterPerez = `Dear Rheumatology colleagues,

Andrew Perez, born July 2, 1963, MRN 7730015 - routine referral.

This 62-year-old man has a renal transplant, stable on tacrolimus 2 mg twice daily and mycophenolate
500 mg twice daily, hypothyroidism on Synthroid 100 mcg once daily, and arthritis that flared in both
knees over the weekend. A right knee x-ray was unremarkable. I started Ultram 50 mg every 6 hours as
needed and sent an autoimmune panel. eGFR 64 mL/min/1.73m2. No known allergies. His brother has
rheumatoid arthritis. I would value your opinion on an inflammatory cause.

Dr. Carla Mendes, Primary Care`;

const data: Authored = {
  schemas: { request, letter },
  cases: [
    { id: 'req-primock-d2c05', src: 'primock:day2_consultation05:note', schema: 'request', gold: Q({ destination: 'specialist clinic', specialty: 'TIA clinic', urgency: 'urgent', reason: 'TIAs', sx_duration_days: 45, meds: ['aspirin'], smoking: 'never' }) },
    {
      id: 'req-primock-d2c09', src: 'primock:day2_consultation09:note', schema: 'request',
      gold: Q({ destination: 'ambulance (999)', urgency: 'emergency', reason: '? CVA', sx_duration_days: 0, meds: ['metformin', 'losartan', 'amlodipine'], allergies: [al('penicillin')], nkda: false, smoking: 'former', pmh: ['T2DM', 'HTN'] }),
    },
    {
      id: 'req-primock-d3c09', src: 'primock:day3_consultation09:note', schema: 'request',
      gold: Q({ destination: 'specialist clinic', specialty: 'neurology', urgency: 'urgent', reason: 'r/o MS', sx_duration_days: 14, meds: ['ibuprofen', 'vitamin D', 'iron tablets', 'melatonin'] }),
    },
    {
      id: 'req-primock-d2c07', src: 'primock:day2_consultation07:note', schema: 'request',
      gold: Q({ destination: 'ambulance (999)', urgency: 'emergency', reason: 'acute cardiac event', sx_duration_days: 0, allergies: [al('aspirin')], nkda: false, smoking: 'current', pmh: ['hypertension'] }),
    },
    { id: 'req-primock-d4c03', src: 'primock:day4_consultation03:note', schema: 'request', gold: Q({ destination: 'acute hospital assessment', urgency: 'emergency', reason: 'PE', allergies: [al('ibuprofen')], nkda: false }) },
    { id: 'req-primock-d3c02', src: 'primock:day3_consultation02:note', schema: 'request', gold: Q({ destination: 'GP face-to-face', urgency: 'urgent', reason: 'r/o malaria, dengue and meningitis', sx_duration_days: 4, meds: ['paracetamol', 'ibuprofen'], nkda: true }) },
    {
      id: 'req-primock-d2c03', src: 'primock:day2_consultation03:note', schema: 'request',
      gold: Q({ destination: 'GP face-to-face', urgency: 'urgent', reason: "? Bell's palsy", sx_duration_days: 7, meds: ['Rennies', 'nasal spray'], allergies: [al('latex')], nkda: false, pmh: ['labyrinthitis', 'heart burn', 'nasal polyps'] }),
    },
    { id: 'req-primock-d2c04', src: 'primock:day2_consultation04:note', schema: 'request', gold: Q({ destination: 'GP face-to-face', urgency: 'urgent', reason: 'probable LRTI', sx_duration_days: 1, meds: ['methotrexate'], nkda: true, pmh: ['SLE'] }) },
    { id: 'req-primock-d3c01', src: 'primock:day3_consultation01:note', schema: 'request', gold: Q({ destination: 'ambulance (999)', urgency: 'emergency', reason: 'anaphylactic reaction', sx_duration_days: 0, meds: ['salbutamol'], allergies: [al('peanut')], nkda: false, pmh: ['asthma'] }) },
    { id: 'req-primock-d4c01', src: 'primock:day4_consultation01:note', schema: 'request', gold: Q({ destination: 'ambulance (999)', urgency: 'emergency', reason: '?? MI', sx_duration_days: 0, allergies: [al('aspirin')], nkda: false, pmh: ['high cholesterol', 'high blood pressure'] }) },
    {
      id: 'letter-d2n004', src: 'aci-sec:train:assessment_and_plan:D2N004', text: letterAllen, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'James Allen', 'Preferred Name': null, DOB: '1968-12-05', 'Patient ID': '4471203' },
        'Referring Clinician': 'Dr. Hannah Okafor', Specialty: 'physical therapy', Priority: 'Routine',
        'Relevant Findings': findings({ 'HbA1c %': 8, 'Weight (kg)': 96.2 }),
        'Current Medications': [M('meloxicam', '15 mg', 'once daily'), M('lisinopril', '20 mg', 'once daily'), M('Lasix'), M('metformin', '1000 mg', 'twice daily')],
        Allergies: [], NKDA: true, 'Family History': null,
      },
    },
    {
      id: 'letter-primock-d2c08', src: 'primock:day2_consultation08:note', text: letterRaman, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'Priya Raman', 'Preferred Name': 'Pri', DOB: '1994-03-02', 'Patient ID': '943 476 5919' },
        'Referring Clinician': 'Dr M. Adeyemi', Specialty: 'tropical medicine', Priority: 'Urgent',
        'Relevant Findings': findings({ 'Max Temp (°F)': 102.0 }),
        'Current Medications': [M('Cerazette')], Allergies: [], NKDA: true, 'Family History': 'father had an MI at 68',
      },
    },
    {
      id: 'letter-primock-d1c06', src: 'primock:day1_consultation06:note', text: letterWhitlock, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'Graham Whitlock', 'Preferred Name': null, DOB: '1957-02-01', 'Patient ID': 'RX55102' },
        'Referring Clinician': 'Dr S. Patel', Specialty: 'cardiology', Priority: 'Urgent',
        'Relevant Findings': findings({ 'eGFR (mL/min/1.73m2)': 52, 'Weight (kg)': 88 }),
        'Current Medications': [M('furosemide', null, 'twice daily'), M('aspirin'), M('bisoprolol'), M('simvastatin')],
        Allergies: [], NKDA: true, 'Family History': 'father died of an MI in his early sixties',
      },
    },
    {
      id: 'letter-d2n013', src: 'aci-sec:train:assessment_and_plan:D2N013', text: letterBrooks, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'John Brooks', 'Preferred Name': null, DOB: '1970-08-19', 'Patient ID': '00982231' },
        'Referring Clinician': 'Dr. Luis Ortega', Specialty: 'endocrinology', Priority: 'Routine',
        'Relevant Findings': findings({ 'HbA1c %': 8.0, BMI: 31.4 }),
        'Current Medications': [M('metformin', '500 mg', 'twice daily'), M('Keppra')],
        Allergies: [{ Substance: 'sulfa', Reaction: 'hives' }], NKDA: false, 'Family History': 'mother had type 2 diabetes',
      },
    },
    {
      id: 'letter-primock-d3c04', src: 'primock:day3_consultation04:note', text: letterGrant, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'Olivia Grant', 'Preferred Name': 'Liv', DOB: '2001-09-23', 'Patient ID': null },
        'Referring Clinician': 'Dr R. Byrne', Specialty: 'respiratory', Priority: 'Routine',
        'Relevant Findings': findings({ 'Weight (kg)': 61, 'Peak Flow (L/min)': 290 }),
        'Current Medications': [M('Clenil', '4 puffs', 'twice daily'), M('salbutamol', null, 'up to every 2-4 hours'), M('hydrocortisone cream'), M('Cetraben')],
        Allergies: [], NKDA: true, 'Family History': null,
      },
    },
    {
      id: 'letter-d2n002', src: 'aci-sec:train:assessment_and_plan:D2N002', text: letterPerez, schema: 'letter',
      gold: {
        Patient: { 'Legal Name': 'Andrew Perez', 'Preferred Name': null, DOB: '1963-07-02', 'Patient ID': '7730015' },
        'Referring Clinician': 'Dr. Carla Mendes', Specialty: 'rheumatology', Priority: 'Routine',
        'Relevant Findings': findings({ 'eGFR (mL/min/1.73m2)': 64 }),
        'Current Medications': [M('tacrolimus', '2 mg', 'twice daily'), M('mycophenolate', '500 mg', 'twice daily'), M('Synthroid', '100 mcg', 'once daily'), M('Ultram', '50 mg', 'every 6 hours as needed')],
        Allergies: [], NKDA: true, 'Family History': 'brother has rheumatoid arthritis',
      },
    },
  ],
};
export default data;
