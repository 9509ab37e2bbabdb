// The vital signs a note's `objective.vitalSigns` may hold, as data: LOINC codes of the FHIR
// vital-signs profiles and the UCUM unit each spelling of a unit stands for.

export interface VitalCode {
  /** LOINC codes; the first is the profile's own code (SpO2 carries two). */
  loinc: { code: string; display: string }[];
  /** Key spellings in `objective.vitalSigns` (LLM engines may vary them). */
  keys: string[];
  /** Unit written in the note (lowercase) → UCUM code; '' is "no unit written". */
  units: Record<string, string>;
  /** Human-readable UCUM unit. */
  unitDisplay: Record<string, string>;
  /** Lengths may be written in feet and inches (5'10"). */
  feetAndInches?: boolean;
}

export const VITAL_SIGNS_CATEGORY = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }],
  text: 'Vital Signs',
};

export const BLOOD_PRESSURE = {
  keys: ['bloodpressure', 'bp'],
  panel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
};

export const VITALS: VitalCode[] = [
  {
    loinc: [{ code: '8867-4', display: 'Heart rate' }],
    keys: ['heartrate', 'pulse', 'hr', 'pulserate'],
    units: { '': '/min', bpm: '/min', '/min': '/min', 'beats/min': '/min', 'beats per minute': '/min' },
    unitDisplay: { '/min': 'beats/minute' },
  },
  {
    loinc: [{ code: '9279-1', display: 'Respiratory rate' }],
    keys: ['respiratoryrate', 'respirations', 'rr', 'resprate'],
    units: { '': '/min', 'breaths/min': '/min', '/min': '/min', 'breaths per minute': '/min', bpm: '/min' },
    unitDisplay: { '/min': 'breaths/minute' },
  },
  {
    loinc: [{ code: '8310-5', display: 'Body temperature' }],
    keys: ['temperature', 'temp', 'bodytemperature'],
    units: { '°f': '[degF]', f: '[degF]', degf: '[degF]', '°c': 'Cel', c: 'Cel', degc: 'Cel', '[degf]': '[degF]', cel: 'Cel' },
    unitDisplay: { '[degF]': '°F', Cel: '°C' },
  },
  {
    loinc: [
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
    ],
    keys: ['oxygensaturation', 'spo2', 'o2sat', 'saturation', 'pulseoximetry'],
    units: { '%': '%', '': '%', percent: '%' },
    unitDisplay: { '%': '%' },
  },
  {
    loinc: [{ code: '29463-7', display: 'Body weight' }],
    keys: ['weight', 'bodyweight', 'wt'],
    units: { lb: '[lb_av]', lbs: '[lb_av]', pounds: '[lb_av]', kg: 'kg', kilograms: 'kg', g: 'g' },
    unitDisplay: { '[lb_av]': 'lb', kg: 'kg', g: 'g' },
  },
  {
    loinc: [{ code: '8302-2', display: 'Body height' }],
    keys: ['height', 'bodyheight', 'ht'],
    units: { cm: 'cm', m: 'm', in: '[in_i]', inches: '[in_i]', '"': '[in_i]' },
    unitDisplay: { cm: 'cm', m: 'm', '[in_i]': 'in' },
    feetAndInches: true,
  },
  {
    loinc: [{ code: '39156-5', display: 'Body mass index (BMI) [Ratio]' }],
    keys: ['bmi', 'bodymassindex'],
    units: { '': 'kg/m2', 'kg/m2': 'kg/m2', 'kg/m²': 'kg/m2' },
    unitDisplay: { 'kg/m2': 'kg/m2' },
  },
];

/** "bloodPressure", "Blood pressure", "blood_pressure" all read as "bloodpressure". */
export function vitalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}
