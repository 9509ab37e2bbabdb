// Vital-sign Observations (FHIR vital-signs profiles) from a note's `objective.vitalSigns`.
import type { Encounter, Observation, ObservationComponent, Patient, Quantity, Reference } from '@medplum/fhirtypes';
import type { Span } from '../engines/ports.ts';
import { withEvidence } from './evidence.ts';
import { BLOOD_PRESSURE, VITALS, VITAL_SIGNS_CATEGORY, type VitalCode, vitalKey } from './vital-codes.ts';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
/** A number, then an optional unit: "98.6 °F", "97%", "180 lb", "78". */
const NUMBER_AND_UNIT = /^\s*(\d{1,4}(?:\.\d{1,3})?)\s*([^\d\s].{0,20}?)?\s*$/;
const BP_READING = /^\s*(\d{2,3})\s*\/\s*(\d{2,3})\b/;
/** Feet and inches: 5'10" or 5 ft 10 in. */
const FEET_INCHES = /^\s*(\d)\s*(?:'|ft|feet)\s*(\d{1,2}(?:\.\d)?)?\s*(?:"|in|inches)?\s*$/i;

export interface VitalContext {
  subject: Reference<Patient>;
  encounter?: Reference<Encounter>;
  effective: string;
}

function quantity(value: number, ucum: string, display: string): Quantity {
  return { value, unit: display, system: UCUM, code: ucum };
}

function base(context: VitalContext, spans: Span[]): Omit<Observation, 'code'> {
  return {
    resourceType: 'Observation',
    status: 'final',
    category: [VITAL_SIGNS_CATEGORY],
    subject: context.subject,
    ...(context.encounter && { encounter: context.encounter }),
    effectiveDateTime: context.effective,
    ...withEvidence(spans),
  };
}

function bloodPressure(text: string, context: VitalContext, spans: Span[]): Observation | undefined {
  const m = BP_READING.exec(text);
  if (!m) return undefined;
  const component = (code: { code: string; display: string }, value: number): ObservationComponent => ({
    code: { coding: [{ system: LOINC, ...code }], text: code.display },
    valueQuantity: quantity(value, 'mm[Hg]', 'mmHg'),
  });
  return {
    ...base(context, spans),
    code: { coding: [{ system: LOINC, ...BLOOD_PRESSURE.panel }], text: 'Blood pressure' },
    component: [component(BLOOD_PRESSURE.systolic, Number(m[1])), component(BLOOD_PRESSURE.diastolic, Number(m[2]))],
  };
}

function measured(vital: VitalCode, text: string): Quantity | undefined {
  const feet = vital.feetAndInches ? FEET_INCHES.exec(text) : null;
  if (feet) return quantity(Number(feet[1]) * 12 + Number(feet[2] ?? 0), '[in_i]', 'in');
  const m = NUMBER_AND_UNIT.exec(text);
  if (!m) return undefined;
  const written = (m[2] ?? '').trim().toLowerCase();
  const ucum = vital.units[written];
  if (ucum === undefined) return undefined;
  return quantity(Number(m[1]), ucum, vital.unitDisplay[ucum] ?? ucum);
}

/** One Observation for a vital the note recorded, or undefined when its value does not read. */
export function vitalObservation(key: string, value: unknown, context: VitalContext, spans: Span[]): Observation | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  const normalised = vitalKey(key);
  if (BLOOD_PRESSURE.keys.includes(normalised)) return bloodPressure(text, context, spans);
  const vital = VITALS.find((v) => v.keys.includes(normalised));
  if (!vital) return undefined;
  const valueQuantity = measured(vital, text);
  if (!valueQuantity) return undefined;
  return {
    ...base(context, spans),
    code: { coding: vital.loinc.map((c) => ({ system: LOINC, ...c })), text: vital.loinc[0]!.display },
    valueQuantity,
  };
}
