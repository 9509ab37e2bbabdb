// EHR intake forms: social-history and family-history intake (Title Case / snake_case keys)
// and registration forms rewritten by hand from ACI-BENCH encounters (legal vs preferred
// name, address parts, language with form noise). Gold read from each text.
import type { Authored } from './types.ts';

const n = (t: string, extra: Record<string, unknown> = {}) => ({ type: [t, 'null'], ...extra });
const ne = (values: string[], extra: Record<string, unknown> = {}) => ({ type: ['string', 'null'], enum: [...values, null], ...extra });

const social = {
  title: 'New Patient Intake — Social History',
  type: 'object',
  properties: {
    'Tobacco Use': ne(['Never', 'Former', 'Current']),
    'Packs Per Day': n('number'),
    'Quit Year': n('integer', { description: 'Calendar year tobacco was stopped' }),
    'Alcohol Use': ne(['None', 'Occasional', 'Daily']),
    'Drinks Per Week': n('number'),
    'Recreational Drug Use': n('boolean'),
    'Marital Status': ne(['Single', 'Married', 'Divorced', 'Widowed', 'Separated']),
    Occupation: n('string', { description: 'Current or most recent job' }),
    'Employment Status': ne(['Employed', 'Retired', 'Unemployed', 'Homemaker', 'Student', 'Disabled']),
    'Lives With': n('string'),
  },
};

const family = {
  title: 'family_history_intake',
  type: 'object',
  required: ['no_known_family_history', 'entries'],
  properties: {
    no_known_family_history: { type: 'boolean' },
    entries: {
      type: 'array',
      description: "One row per relative and condition (the patient's relatives only).",
      items: {
        type: 'object',
        properties: {
          relative: n('string', { description: 'e.g. mother, paternal grandfather, cousin; null when the text does not say who' }),
          condition: { type: 'string' },
          deceased: n('boolean'),
        },
      },
    },
    heart_disease_in_family: n('boolean'),
    cancer_in_family: n('boolean'),
    diabetes_in_family: n('boolean'),
  },
};

const registration = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'PatientRegistration',
  type: 'object',
  properties: {
    legalName: { type: 'object', properties: { given: n('string'), family: n('string') } },
    preferredName: n('string', { description: 'Name the patient wants to be called, if different' }),
    sex: ne(['male', 'female', 'other', 'unknown']),
    age: n('integer'),
    dateOfBirth: n('string', { format: 'date' }),
    address: {
      type: 'object',
      properties: { line: n('string', { description: 'Street address or PO box, with unit' }), city: n('string'), state: n('string', { description: 'Two-letter state code' }), postalCode: n('string') },
    },
    preferredLanguage: n('string'),
    interpreterNeeded: n('boolean'),
    phone: n('string'),
    emergencyContact: { type: 'object', properties: { name: n('string'), relationship: n('string'), phone: n('string') } },
    reasonForVisit: n('string'),
  },
};

const S = (o: Record<string, unknown>) => ({
  'Tobacco Use': null, 'Packs Per Day': null, 'Quit Year': null, 'Alcohol Use': null, 'Drinks Per Week': null,
  'Recreational Drug Use': null, 'Marital Status': null, Occupation: null, 'Employment Status': null, 'Lives With': null, ...o,
});
const F = (entries: [string | null, string, boolean | null][], heart: boolean | null, cancer: boolean | null, diabetes: boolean | null, none = false) => ({
  no_known_family_history: none,
  entries: entries.map(([relative, condition, deceased]) => ({ relative, condition, deceased })),
  heart_disease_in_family: heart,
  cancer_in_family: cancer,
  diabetes_in_family: diabetes,
});

const formA = `NEW PATIENT REGISTRATION
Legal name (Last, First, Middle): COLLINS, Martha J.
Preferred name: Marty
Sex assigned at birth: F        Age: 50
Date of birth: 03/14/1975
Street: 418 Alder Creek Rd, Apt 2B
City/State/ZIP: Dayton, OH 45402
Primary language: English (please circle one: English / Spanish / Other)
Interpreter needed?  [ ] Yes  [x] No
Home phone: (937) 555-0148
Emergency contact: Robert Collins (husband) 937-555-0199
Reason for visit: annual exam`;

const formB = `Front desk intake note - pt Andrew Perez, goes by Andy, 62 y/o male, DOB 7/2/1963.
Lives at 77 Kimball Street, Unit 4, Worcester MA 01604. Speaks Spanish at home; interpreter
requested for today's visit (English ok for scheduling calls). Cell 508-555-0112. No emergency
contact on file - pt will bring details next visit. Here for joint pain.`;

const formC = `PATIENT INFORMATION
Name as shown on insurance card: HILLS, KATHERINE ANNE
Name you would like us to use: Kate
Sex: Female     Age: 41     DOB: 1984-11-30
Mailing address: PO Box 2231, Flagstaff, AZ 86003
Language spoken at home: English   Other (specify): ______________
Do you need an interpreter?  No
Phone: (928) 555-0175 (mobile)
Emergency contact / relationship / phone: Dan Hills / brother / (928) 555-0160
Reason for today's visit: right middle finger pain`;

const formD = `Registration update (taken by phone)
Patient: Nicholas Gutierrez. He asks to be called Nico. Male, 45 years old; date of birth not given.
Home: 1290 W Pacific Ave, San Diego, CA 92101.
Preferred language for care: Portuguese [x]  English [ ]  Spanish [ ]  Other: ____ ; interpreter: yes, please.
Best number: 619 555 0133. Emergency contact: his wife, Ana Gutierrez, same number.
Visit reason: right foot ulcer that is not healing.`;

const data: Authored = {
  schemas: { social, family, registration },
  cases: [
    { id: 'social-mts47', src: 'mts:train:47:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Never', 'Alcohol Use': 'None', 'Drinks Per Week': 0, 'Recreational Drug Use': false, 'Marital Status': 'Married', Occupation: 'electronic technician', 'Employment Status': 'Retired', 'Lives With': 'wife and daughter' }) },
    { id: 'social-mts92', src: 'mts:train:92:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Never', 'Alcohol Use': 'Daily', 'Drinks Per Week': 7, 'Employment Status': 'Employed' }) },
    { id: 'social-mts128', src: 'mts:train:128:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Former', 'Quit Year': 1968 }) },
    { id: 'social-mts152', src: 'mts:train:152:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Current', 'Packs Per Day': 2, 'Alcohol Use': 'Daily', 'Drinks Per Week': 14, 'Recreational Drug Use': false, 'Marital Status': 'Married', Occupation: 'delivery truck driver', 'Employment Status': 'Employed' }) },
    { id: 'social-mts207', src: 'mts:train:207:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Never', 'Alcohol Use': 'Occasional', 'Marital Status': 'Married', Occupation: 'flooring installer', 'Employment Status': 'Employed' }) },
    { id: 'social-mts216', src: 'mts:train:216:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Former', 'Alcohol Use': 'Daily', 'Drinks Per Week': 7, 'Marital Status': 'Married', Occupation: 'lab manager', 'Employment Status': 'Retired' }) },
    { id: 'social-mts242', src: 'mts:train:242:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Never', 'Alcohol Use': 'Occasional', Occupation: 'petroleum engineer', 'Employment Status': 'Employed' }) },
    { id: 'social-mts276', src: 'mts:train:276:dialogue', schema: 'social', gold: S({ 'Tobacco Use': 'Never', 'Alcohol Use': 'Occasional', 'Marital Status': 'Widowed', 'Employment Status': 'Retired' }) },
    { id: 'social-mts31', src: 'mts:train:31:dialogue', schema: 'social', gold: S({ Occupation: 'homemaker', 'Employment Status': 'Homemaker' }) },
    { id: 'family-mts54', src: 'mts:train:54:dialogue', schema: 'family', gold: F([['father', 'type 2 diabetes', null], ['grandfather', 'type 2 diabetes', null], ['son', 'type 1 diabetes', null], ['cousin', 'breast cancer', null], ['cousin', 'breast cancer', null]], false, true, true) },
    { id: 'family-mts65', src: 'mts:train:65:dialogue', schema: 'family', gold: F([['mother', 'Huntington disease', true], ['grandmother', 'Huntington disease', true], ['aunt', 'Huntington disease', true], ['aunt', 'Huntington disease', true], ['sister', 'attempted suicide', false]], null, null, null) },
    { id: 'family-mts162', src: 'mts:train:162:dialogue', schema: 'family', gold: F([['mother', 'old age', true], ['father', 'old age', true]], null, null, false) },
    { id: 'family-mts171', src: 'mts:train:171:dialogue', schema: 'family', gold: F([['mother', 'cancer', true], ['father', 'heart attack', true]], true, true, null) },
    { id: 'family-mts225', src: 'mts:train:225:dialogue', schema: 'family', gold: F([[null, 'coronary artery disease', null], [null, 'high blood pressure', null]], true, false, null) },
    { id: 'family-mts292', src: 'mts:train:292:dialogue', schema: 'family', gold: F([[null, 'cancer', null], [null, 'heart disease', null], [null, 'arthritis', null]], true, true, null) },
    { id: 'family-mts144', src: 'mts:train:144:dialogue', schema: 'family', gold: F([['sister', 'yeast infections', false]], null, null, null) },
    {
      id: 'registration-d2n001',
      src: 'aci:train:D2N001:dialogue',
      text: formA,
      schema: 'registration',
      gold: {
        legalName: { given: 'Martha', family: 'Collins' }, preferredName: 'Marty', sex: 'female', age: 50, dateOfBirth: '1975-03-14',
        address: { line: '418 Alder Creek Rd, Apt 2B', city: 'Dayton', state: 'OH', postalCode: '45402' },
        preferredLanguage: 'English', interpreterNeeded: false, phone: '(937) 555-0148',
        emergencyContact: { name: 'Robert Collins', relationship: 'husband', phone: '937-555-0199' }, reasonForVisit: 'annual exam',
      },
    },
    {
      id: 'registration-d2n002',
      src: 'aci:train:D2N002:dialogue',
      text: formB,
      schema: 'registration',
      gold: {
        legalName: { given: 'Andrew', family: 'Perez' }, preferredName: 'Andy', sex: 'male', age: 62, dateOfBirth: '1963-07-02',
        address: { line: '77 Kimball Street, Unit 4', city: 'Worcester', state: 'MA', postalCode: '01604' },
        preferredLanguage: 'Spanish', interpreterNeeded: true, phone: '508-555-0112',
        emergencyContact: { name: null, relationship: null, phone: null }, reasonForVisit: 'joint pain',
      },
    },
    {
      id: 'registration-d2n005',
      src: 'aci:train:D2N005:dialogue',
      text: formC,
      schema: 'registration',
      gold: {
        legalName: { given: 'Katherine', family: 'Hills' }, preferredName: 'Kate', sex: 'female', age: 41, dateOfBirth: '1984-11-30',
        address: { line: 'PO Box 2231', city: 'Flagstaff', state: 'AZ', postalCode: '86003' },
        preferredLanguage: 'English', interpreterNeeded: false, phone: '(928) 555-0175',
        emergencyContact: { name: 'Dan Hills', relationship: 'brother', phone: '(928) 555-0160' }, reasonForVisit: 'right middle finger pain',
      },
    },
    {
      id: 'registration-d2n086',
      src: 'aci:valid:D2N086:dialogue',
      text: formD,
      schema: 'registration',
      gold: {
        legalName: { given: 'Nicholas', family: 'Gutierrez' }, preferredName: 'Nico', sex: 'male', age: 45, dateOfBirth: null,
        address: { line: '1290 W Pacific Ave', city: 'San Diego', state: 'CA', postalCode: '92101' },
        preferredLanguage: 'Portuguese', interpreterNeeded: true, phone: '619 555 0133',
        emergencyContact: { name: 'Ana Gutierrez', relationship: 'wife', phone: '619 555 0133' }, reasonForVisit: 'right foot ulcer that is not healing',
      },
    },
  ],
};
export default data;
