// Patient and Encounter placeholders: the service knows no identifiers, only what the note
// request carried (patientInfo, date).
import type { Encounter, Patient } from '@medplum/fhirtypes';
import type { PatientInfo } from '../engines/ports.ts';

const FHIR_DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;
const FHIR_DATE_TIME = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:T[0-2]\d:[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?$/;
/** Written gender → FHIR administrative gender. */
const GENDERS: Record<string, Patient['gender']> = {
  male: 'male', m: 'male', man: 'male', boy: 'male',
  female: 'female', f: 'female', woman: 'female', girl: 'female',
  other: 'other', 'non-binary': 'other', nonbinary: 'other',
  unknown: 'unknown',
};

export function patient(id: string, info: PatientInfo | undefined): Patient {
  const name = info?.name?.trim();
  const birthDate = info?.dateOfBirth?.trim();
  const gender = GENDERS[info?.gender?.trim().toLowerCase() ?? ''];
  return {
    resourceType: 'Patient',
    id,
    ...(name && { name: [{ text: name }] }),
    ...(gender && { gender }),
    ...(birthDate && FHIR_DATE.test(birthDate) && { birthDate }),
  };
}

/** A finished ambulatory encounter, dated when the request gave a date FHIR can carry. */
export function encounter(id: string, patientRef: string, date: string | undefined): Encounter {
  const start = date?.trim();
  return {
    resourceType: 'Encounter',
    id,
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    subject: { reference: patientRef },
    ...(start && FHIR_DATE_TIME.test(start) && { period: { start } }),
  };
}

/** A date the request gave, if FHIR can carry it as a dateTime; otherwise `fallback`. */
export function fhirDateTime(date: string | undefined, fallback: string): string {
  const d = date?.trim();
  return d && FHIR_DATE_TIME.test(d) ? d : fallback;
}
