// Condition, MedicationStatement and AllergyIntolerance resources from a SOAP note's JSON,
// each carrying the transcript spans it was read from.
import type { AllergyIntolerance, CodeableConcept, Condition, Encounter, MedicationStatement, Patient, Reference } from '@medplum/fhirtypes';
import { icd10cmTitle } from '../engines/clinical/lexicon/index.ts';
import type { CodedItem, Span } from '../engines/ports.ts';
import { withEvidence } from './evidence.ts';
import { medicationStatus } from './medication-status.ts';
import { type Json, evidenceUnder, list, obj, str } from './note-json.ts';

export const ICD10CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const SNOMED = 'http://snomed.info/sct';
const CONDITION_CLINICAL = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CONDITION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';
const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';

export interface Subject {
  subject: Reference<Patient>;
  encounter?: Reference<Encounter>;
}

/** A problem the note assessed, with its ICD-10-CM code when one was found. */
export interface Problem {
  text: string;
  icd?: { code: string; display?: string };
  spans: Span[];
}

export function problemsOfNote(json: Json): Problem[] {
  return list(obj(json.assessment)?.diagnoses).flatMap((d, i) => {
    const text = str(d.description) ?? str(d.name) ?? str(d.text);
    if (!text) return [];
    const code = (str(d.icdCode) ?? str(d.icd10) ?? str(d.code))?.toUpperCase();
    // Only a code ICD-10-CM has goes out under its system; anything else leaves the problem for the coder.
    const display = code ? icd10cmTitle(code) : undefined;
    return [{ text, ...(code && display && { icd: { code, display } }), spans: evidenceUnder(json, `assessment.diagnoses.${i}`) }];
  });
}

export function problemOfCodedItem(item: CodedItem): Problem {
  const coding = item.code.coding.find((c) => c.system === ICD10CM);
  return {
    text: item.code.text || coding?.display || item.text_span.text,
    ...(coding && { icd: { code: coding.code, display: coding.display } }),
    spans: [{ start: item.text_span.start_char, end: item.text_span.end_char }],
  };
}

export function condition(problem: Problem, who: Subject): Condition {
  const code: CodeableConcept = {
    ...(problem.icd && { coding: [{ system: ICD10CM, code: problem.icd.code, ...(problem.icd.display && { display: problem.icd.display }) }] }),
    text: problem.text,
  };
  return {
    resourceType: 'Condition',
    ...withEvidence(problem.spans),
    clinicalStatus: { coding: [{ system: CONDITION_CLINICAL, code: 'active' }] },
    category: [{ coding: [{ system: CONDITION_CATEGORY, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
    code,
    subject: who.subject,
    ...(who.encounter && { encounter: who.encounter }),
  };
}

export function medicationStatements(json: Json, who: Subject): MedicationStatement[] {
  return list(obj(json.plan)?.medications).flatMap((m, i) => {
    const name = str(m.name) ?? str(m.medication) ?? str(m.drug);
    if (!name) return [];
    const form = str(m.form);
    const dosageText = [str(m.dosage) ?? str(m.dose), str(m.route), str(m.frequency)].filter(Boolean).join(' ');
    const instructions = str(m.instructions);
    return [
      {
        resourceType: 'MedicationStatement',
        ...withEvidence(evidenceUnder(json, `plan.medications.${i}`)),
        status: medicationStatus(instructions),
        medicationCodeableConcept: { text: form ? `${name} ${form}` : name },
        subject: who.subject,
        ...(who.encounter && { context: who.encounter }),
        ...((dosageText || instructions) && {
          dosage: [{ text: dosageText || instructions!, ...(instructions && dosageText && { patientInstruction: instructions }) }],
        }),
      } satisfies MedicationStatement,
    ];
  });
}

export function allergyIntolerances(json: Json, who: Subject): AllergyIntolerance[] {
  const subjective = obj(json.subjective) ?? {};
  const base = {
    resourceType: 'AllergyIntolerance' as const,
    clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: 'active' }] },
    patient: who.subject,
    ...(who.encounter && { encounter: who.encounter }),
  };
  const found: AllergyIntolerance[] = list(subjective.allergies).flatMap((a, i) => {
    const substance = str(a.substance) ?? str(a.name) ?? str(a.allergen);
    if (!substance) return [];
    const reaction = str(a.reaction);
    return [
      {
        ...base,
        ...withEvidence(evidenceUnder(json, `subjective.allergies.${i}`)),
        code: { text: substance },
        ...(reaction && { reaction: [{ manifestation: [{ text: reaction }] }] }),
      },
    ];
  });
  const none = str(subjective.allergyStatus);
  if (found.length === 0 && none) {
    // The recognised way to record "no known allergies" (SNOMED CT 716186003).
    found.push({
      ...base,
      ...withEvidence(evidenceUnder(json, 'subjective.allergyStatus')),
      code: { coding: [{ system: SNOMED, code: '716186003', display: 'No known allergy' }], text: none },
    });
  }
  return found;
}
