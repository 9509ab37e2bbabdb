// Note section titles → LOINC section codes, and which resources each section lists, as data.
// Titles are matched on their words (lowercase, punctuation dropped), first match wins.

export type EntryKind = 'Condition' | 'MedicationStatement' | 'AllergyIntolerance' | 'Observation';

export interface SectionCode {
  /** Any of these title word-sequences picks this code. */
  titles: string[];
  code: string;
  display: string;
  /** Resources this section references, when the bundle has them. */
  holds: EntryKind[];
}

export const SECTION_CODES: SectionCode[] = [
  { titles: ['chief complaint', 'reason for visit', 'cc'], code: '10154-3', display: 'Chief complaint Narrative - Reported', holds: [] },
  { titles: ['history of present illness', 'hpi', 'present illness'], code: '10164-2', display: 'History of Present illness Narrative', holds: [] },
  { titles: ['review of systems', 'ros'], code: '10187-3', display: 'Review of systems Narrative - Reported', holds: [] },
  { titles: ['allergies', 'allergy', 'allergies and adverse reactions'], code: '48765-2', display: 'Allergies and adverse reactions Document', holds: ['AllergyIntolerance'] },
  { titles: ['medications', 'medication', 'current medications', 'medication list'], code: '10160-0', display: 'History of Medication use Narrative', holds: ['MedicationStatement'] },
  { titles: ['past medical history', 'medical history', 'pmh'], code: '11348-0', display: 'History of Past illness Narrative', holds: [] },
  { titles: ['social history'], code: '29762-2', display: 'Social history Narrative', holds: [] },
  { titles: ['family history'], code: '10157-6', display: 'History of family member diseases Narrative', holds: [] },
  { titles: ['vital signs', 'vitals'], code: '8716-3', display: 'Vital signs', holds: ['Observation'] },
  { titles: ['physical examination', 'physical exam', 'exam', 'examination', 'objective'], code: '29545-1', display: 'Physical findings Narrative', holds: ['Observation'] },
  { titles: ['assessment and plan', 'assessment & plan', 'a/p', 'impression and plan'], code: '51847-2', display: 'Evaluation + Plan note', holds: ['Condition'] },
  { titles: ['assessment', 'impression', 'diagnoses', 'diagnosis', 'problem list', 'problems'], code: '51848-0', display: 'Evaluation note', holds: ['Condition'] },
  { titles: ['plan', 'plan of care', 'plan of treatment'], code: '18776-5', display: 'Plan of care note', holds: [] },
  { titles: ['follow up', 'follow-up', 'followup', 'disposition'], code: '69730-0', display: 'Instructions', holds: [] },
];

/** The section a title names, or undefined for a title this table does not know. */
export function sectionCodeFor(title: string): SectionCode | undefined {
  const words = title.toLowerCase().replace(/[^a-z0-9&/ -]+/g, ' ').replace(/\s+/g, ' ').trim();
  return SECTION_CODES.find((s) => s.titles.includes(words));
}

/** A section to add when a bundle holds resources no written section lists. */
export const FALLBACK_SECTION: Record<EntryKind, { title: string; code: string }> = {
  Condition: { title: 'Assessment', code: '51848-0' },
  MedicationStatement: { title: 'Medications', code: '10160-0' },
  AllergyIntolerance: { title: 'Allergies', code: '48765-2' },
  Observation: { title: 'Vital signs', code: '8716-3' },
};
