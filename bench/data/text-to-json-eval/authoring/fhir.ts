// FHIR-shaped resources (AllergyIntolerance, vital-sign Observations, MedicationStatement):
// schemas written in one pass in the nested style FHIR profiles use; gold read from each text.
import type { Authored } from './types.ts';

const nullableStr = { type: ['string', 'null'] };
const nullableNum = { type: ['number', 'null'] };

const allergies = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'AllergyIntolerance list',
  type: 'object',
  required: ['noKnownAllergies', 'AllergyIntolerance'],
  properties: {
    noKnownAllergies: { type: 'boolean', description: 'True when the patient reports no known allergies (NKA / NKDA).' },
    AllergyIntolerance: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code'],
        properties: {
          code: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          category: { type: 'array', items: { enum: ['food', 'medication', 'environment', 'biologic'] } },
          type: { type: ['string', 'null'], enum: ['allergy', 'intolerance', null] },
          reaction: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                manifestation: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
                severity: { type: ['string', 'null'], enum: ['mild', 'moderate', 'severe', null] },
              },
            },
          },
        },
      },
    },
    toleratedSubstances: { type: 'array', items: { type: 'string' }, description: 'Drugs or foods documented as taken without reaction.' },
  },
};

const quantity = (unit: string, description: string) => ({
  type: 'object',
  description,
  properties: { valueQuantity: { type: 'object', properties: { value: nullableNum, unit: { const: unit } }, required: ['value'] } },
});

const vitals = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Vital signs panel (LOINC 85353-1)',
  type: 'object',
  properties: {
    bloodPressure: {
      type: 'object',
      description: 'Observation 85354-9, measured in clinic',
      properties: {
        component: {
          type: 'object',
          properties: { systolic: { ...nullableNum, description: 'mm[Hg]' }, diastolic: { ...nullableNum, description: 'mm[Hg]' } },
        },
      },
    },
    heartRate: quantity('/min', 'Observation 8867-4'),
    respiratoryRate: quantity('/min', 'Observation 9279-1'),
    bodyTemperature: quantity('Cel', 'Observation 8310-5, degrees Celsius'),
    oxygenSaturation: quantity('%', 'Observation 2708-6'),
    bodyWeight: quantity('kg', 'Observation 29463-7'),
  },
};

const medStatements = {
  type: 'object',
  properties: {
    MedicationStatement: {
      type: 'array',
      items: {
        type: 'object',
        required: ['medicationCodeableConcept', 'status'],
        properties: {
          medicationCodeableConcept: { type: 'object', properties: { text: { type: 'string' } } },
          status: { enum: ['active', 'completed', 'entered-in-error', 'intended', 'stopped', 'on-hold', 'unknown', 'not-taken'] },
          dosage: {
            type: 'object',
            properties: {
              doseQuantity: { type: 'object', properties: { value: nullableNum, unit: nullableStr } },
              route: { type: ['string', 'null'], enum: ['oral', 'inhalation', 'nasal', 'topical', 'subcutaneous', 'intravenous', null] },
              timing: { type: ['string', 'null'], enum: ['QD', 'BID', 'TID', 'QID', 'QAM', 'QHS', 'Q4H', 'Q6H', 'WK', null], description: 'HL7 GTSAbbreviation' },
              asNeededBoolean: { type: 'boolean' },
            },
          },
          reasonCode: { type: 'object', properties: { text: nullableStr } },
        },
      },
    },
  },
};

const allergy = (text: string, category: string, type: string | null, reaction: [string, string | null][]) => ({
  code: { text },
  category: [category],
  type,
  reaction: reaction.map(([m, severity]) => ({ manifestation: [{ text: m }], severity })),
});
const bp = (systolic: number | null, diastolic: number | null) => ({ component: { systolic, diastolic } });
const q = (value: number | null) => ({ valueQuantity: { value } });
const med = (
  text: string,
  status: string,
  dose: [number | null, string | null],
  route: string | null,
  timing: string | null,
  prn: boolean,
  reason: string | null,
) => ({
  medicationCodeableConcept: { text },
  status,
  dosage: { doseQuantity: { value: dose[0], unit: dose[1] }, route, timing, asNeededBoolean: prn },
  reasonCode: { text: reason },
});

const data: Authored = {
  schemas: { allergies, vitals, medStatements },
  cases: [
    { id: 'allergy-mts23', src: 'mts:train:23:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('penicillin', 'medication', 'allergy', [])], toleratedSubstances: [] } },
    { id: 'allergy-mts206', src: 'mts:train:206:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('eggs', 'food', 'allergy', []), allergy('peanuts', 'food', 'allergy', [])], toleratedSubstances: [] } },
    { id: 'allergy-mts317', src: 'mts:train:317:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('Lortab', 'medication', 'allergy', [['hives', 'severe']])], toleratedSubstances: [] } },
    { id: 'allergy-mts400', src: 'mts:train:400:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('penicillin', 'medication', 'allergy', [])], toleratedSubstances: ['cephalosporins'] } },
    { id: 'allergy-mts758', src: 'mts:train:758:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('sulfa drugs', 'medication', 'allergy', [['rash', 'severe']])], toleratedSubstances: [] } },
    {
      id: 'allergy-mts943',
      src: 'mts:train:943:dialogue',
      schema: 'allergies',
      gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('clonidine', 'medication', 'allergy', [['rash', 'severe']]), allergy('Medifast', 'medication', 'intolerance', [['fatigue', null]])], toleratedSubstances: [] },
    },
    { id: 'allergy-mts1167', src: 'mts:train:1167:dialogue', schema: 'allergies', gold: { noKnownAllergies: false, AllergyIntolerance: [allergy('grapefruit', 'food', 'allergy', []), allergy('peanuts', 'food', 'allergy', [])], toleratedSubstances: [] } },
    {
      id: 'allergy-mts1191',
      src: 'mts:train:1191:dialogue',
      schema: 'allergies',
      gold: {
        noKnownAllergies: false,
        AllergyIntolerance: [allergy('sulfa drugs', 'medication', 'allergy', []), allergy('penicillin', 'medication', 'allergy', []), allergy('mycins', 'medication', 'allergy', []), allergy('contrast medium', 'medication', 'allergy', [])],
        toleratedSubstances: [],
      },
    },
    { id: 'allergy-mts134', src: 'mts:train:134:dialogue', schema: 'allergies', gold: { noKnownAllergies: true, AllergyIntolerance: [], toleratedSubstances: [] } },
    { id: 'vitals-d2n035', src: 'aci:train:D2N035:note', schema: 'vitals', gold: { bloodPressure: bp(128, 72), heartRate: q(72), respiratoryRate: q(null), bodyTemperature: q(37.1), oxygenSaturation: q(96), bodyWeight: q(null) } },
    { id: 'vitals-d2n041', src: 'aci:train:D2N041:note', schema: 'vitals', gold: { bloodPressure: bp(132, 80), heartRate: q(84), respiratoryRate: q(null), bodyTemperature: q(38.0), oxygenSaturation: q(null), bodyWeight: q(null) } },
    { id: 'vitals-d2n053', src: 'aci:train:D2N053:note', schema: 'vitals', gold: { bloodPressure: bp(130, 68), heartRate: q(98), respiratoryRate: q(18), bodyTemperature: q(36.5), oxygenSaturation: q(null), bodyWeight: q(null) } },
    { id: 'vitals-d2n077', src: 'aci:valid:D2N077:note', schema: 'vitals', gold: { bloodPressure: bp(140, 70), heartRate: q(80), respiratoryRate: q(20), bodyTemperature: q(36.2), oxygenSaturation: q(null), bodyWeight: q(null) } },
    { id: 'vitals-d2n080', src: 'aci:valid:D2N080:note', schema: 'vitals', gold: { bloodPressure: bp(122, 70), heartRate: q(72), respiratoryRate: q(16), bodyTemperature: q(36.8), oxygenSaturation: q(null), bodyWeight: q(null) } },
    { id: 'vitals-d2n087', src: 'aci:valid:D2N087:note', schema: 'vitals', gold: { bloodPressure: bp(122, 70), heartRate: q(67), respiratoryRate: q(null), bodyTemperature: q(36.9), oxygenSaturation: q(null), bodyWeight: q(null) } },
    {
      id: 'meds-mts279',
      src: 'mts:train:279:dialogue',
      schema: 'medStatements',
      gold: { MedicationStatement: [med('Micronase', 'active', [2.5, 'mg'], 'oral', 'QAM', false, null), med('Bactrim', 'intended', [null, null], null, 'BID', false, 'infection')] },
    },
    {
      id: 'meds-mts370',
      src: 'mts:train:370:dialogue',
      schema: 'medStatements',
      gold: { MedicationStatement: [med('Trizivir', 'active', [1, 'tablet'], 'oral', 'BID', false, null), med('ibuprofen', 'active', [null, null], null, null, true, 'body aches')] },
    },
    {
      id: 'meds-mts551',
      src: 'mts:train:551:dialogue',
      schema: 'medStatements',
      gold: { MedicationStatement: [med('citalopram', 'active', [10, 'mg'], null, 'QD', false, 'depression'), med('tramadol', 'active', [null, null], null, null, true, 'pain')] },
    },
    {
      id: 'meds-mts262',
      src: 'mts:train:262:dialogue',
      schema: 'medStatements',
      gold: {
        MedicationStatement: [
          med('Macrobid', 'intended', [null, null], null, null, false, 'UTI'),
          med('Dilantin', 'active', [null, null], null, null, false, 'seizures'),
          med('Toprol', 'active', [null, null], null, null, false, 'high blood pressure'),
          med('Pravachol', 'active', [null, null], null, null, false, 'cholesterol'),
        ],
      },
    },
    {
      id: 'meds-mts467',
      src: 'mts:train:467:dialogue',
      schema: 'medStatements',
      gold: { MedicationStatement: [med('Allegra', 'active', [null, null], null, null, false, 'seasonal allergies'), med('Proventil', 'active', [null, null], null, null, true, 'exercise induced asthma')] },
    },
    {
      id: 'meds-mts356',
      src: 'mts:train:356:dialogue',
      schema: 'medStatements',
      gold: {
        MedicationStatement: [
          med('Benicar', 'active', [20, null], null, 'QD', false, null),
          med('multivitamin', 'active', [null, null], null, null, false, null),
          med('glucosamine', 'active', [null, null], null, null, false, null),
          med('vitamin B complex', 'active', [null, null], null, null, false, null),
          med('vitamin E', 'active', [null, null], null, null, false, null),
          med('aspirin', 'active', [null, null], null, null, false, null),
        ],
      },
    },
  ],
};
export default data;
