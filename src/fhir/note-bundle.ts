// A completed note as a FHIR R4 `document` Bundle: Composition first, then Patient,
// Encounter and the clinical resources its sections reference.
import type { Bundle, BundleEntry, Composition, CompositionSection, Resource } from '@medplum/fhirtypes';
import type { CodedItem, PatientInfo } from '../engines/ports.ts';
import { type Problem, allergyIntolerances, condition, medicationStatements, problemOfCodedItem, problemsOfNote } from './clinical.ts';
import { stableUuid, urnOf } from './ids.ts';
import { narrativeXhtml, splitSections } from './markdown-sections.ts';
import { type Json, obj } from './note-json.ts';
import { encounter, fhirDateTime, patient } from './people.ts';
import { type EntryKind, FALLBACK_SECTION, SECTION_CODES, sectionCodeFor } from './section-codes.ts';
import { vitalObservation } from './vitals.ts';
import { evidenceUnder } from './note-json.ts';

const LOINC = 'http://loinc.org';
/** LOINC 11506-3: a provider's progress note (the document a visit note is). */
const NOTE_TYPE = { system: LOINC, code: '11506-3', display: 'Progress note' };

export interface NoteExportInput {
  noteId: string;
  /** When the note was finished: the Composition's date. */
  completedAt: string;
  transcriptDate?: string;
  patientInfo?: PatientInfo;
  markdown: string;
  json: Json;
  /** Diagnoses the coder found in the transcript: codes problems the note left uncoded. */
  coded?: CodedItem[];
}

/** True when some assessed problem lacks a code (or the note assessed none): run the coder. */
export function needsCoder(json: Json): boolean {
  const problems = problemsOfNote(json);
  return problems.length === 0 || problems.some((p) => !p.icd);
}

function overlaps(a: Problem, b: Problem): boolean {
  return a.spans.some((x) => b.spans.some((y) => x.start < y.end && y.start < x.end));
}

/** Note problems, each coded by the note or by an overlapping/same-named coder finding. */
export function assessedProblems(json: Json, coded: CodedItem[] = []): Problem[] {
  const found = coded.map(problemOfCodedItem).filter((p) => p.icd);
  const fromNote = problemsOfNote(json);
  if (fromNote.length === 0) return found;
  return fromNote.map((p) => {
    if (p.icd) return p;
    const same = found.find((f) => overlaps(p, f) || f.text.toLowerCase() === p.text.toLowerCase());
    return same ? { ...p, icd: same.icd } : p;
  });
}

function vitals(json: Json, who: { subject: { reference: string }; encounter: { reference: string } }, effective: string) {
  const signs = obj(obj(json.objective)?.vitalSigns) ?? {};
  return Object.entries(signs).flatMap(([key, value]) => {
    const o = vitalObservation(key, value, { ...who, effective }, evidenceUnder(json, `objective.vitalSigns.${key}`));
    return o ? [o] : [];
  });
}

function sections(markdown: string, refs: Map<EntryKind, string[]>): CompositionSection[] {
  const placed = new Set<EntryKind>();
  const out: CompositionSection[] = splitSections(markdown).map((s) => {
    const code = sectionCodeFor(s.title);
    const holds = (code?.holds ?? []).filter((kind) => !placed.has(kind) && refs.get(kind)?.length);
    for (const kind of holds) placed.add(kind);
    const entry = holds.flatMap((kind) => refs.get(kind)!.map((reference) => ({ reference })));
    return {
      title: s.title,
      ...(code && { code: { coding: [{ system: LOINC, code: code.code, display: code.display }] } }),
      text: { status: 'generated', div: narrativeXhtml(s.body) },
      ...(entry.length && { entry }),
    };
  });
  // Resources no written section lists get a section of their own, so every entry is referenced.
  for (const [kind, references] of refs) {
    if (placed.has(kind) || references.length === 0) continue;
    const fallback = FALLBACK_SECTION[kind];
    const display = SECTION_CODES.find((c) => c.code === fallback.code)!.display;
    out.push({
      title: fallback.title,
      code: { coding: [{ system: LOINC, code: fallback.code, display }] },
      text: { status: 'generated', div: narrativeXhtml(`${references.length} ${kind} resource(s) recorded in this note.`) },
      entry: references.map((reference) => ({ reference })),
    });
  }
  return out;
}

export function noteBundle(input: NoteExportInput): Bundle {
  const id = (key: string) => stableUuid('clinscribe-note', input.noteId, key);
  const patientId = id('patient');
  const encounterId = id('encounter');
  const who = { subject: { reference: urnOf(patientId) }, encounter: { reference: urnOf(encounterId) } };
  const effective = fhirDateTime(input.transcriptDate, input.completedAt);
  const clinical: Record<EntryKind, Resource[]> = {
    Condition: assessedProblems(input.json, input.coded).map((p) => condition(p, who)),
    MedicationStatement: medicationStatements(input.json, who),
    AllergyIntolerance: allergyIntolerances(input.json, who),
    Observation: vitals(input.json, who, effective),
  };
  const entries: BundleEntry[] = [];
  const refs = new Map<EntryKind, string[]>();
  for (const [kind, resources] of Object.entries(clinical) as [EntryKind, Resource[]][]) {
    refs.set(kind, []);
    resources.forEach((resource, i) => {
      const uuid = id(`${kind}/${i}`);
      entries.push({ fullUrl: urnOf(uuid), resource: { ...resource, id: uuid } });
      refs.get(kind)!.push(urnOf(uuid));
    });
  }
  const compositionId = id('composition');
  const composition: Composition = {
    resourceType: 'Composition',
    id: compositionId,
    identifier: { system: 'urn:ietf:rfc:3986', value: urnOf(id('composition-identifier')) },
    status: 'final',
    type: { coding: [NOTE_TYPE], text: 'Visit note' },
    subject: who.subject,
    encounter: who.encounter,
    date: input.completedAt,
    author: [{ display: 'clinscribe (generated from the visit transcript)' }],
    title: 'Visit note',
    section: sections(input.markdown, refs),
  };
  return {
    resourceType: 'Bundle',
    id: id('bundle'),
    identifier: { system: 'urn:ietf:rfc:3986', value: urnOf(id('bundle-identifier')) },
    type: 'document',
    timestamp: input.completedAt,
    entry: [
      { fullUrl: urnOf(compositionId), resource: composition },
      { fullUrl: urnOf(patientId), resource: patient(patientId, input.patientInfo) },
      { fullUrl: urnOf(encounterId), resource: encounter(encounterId, urnOf(patientId), input.transcriptDate) },
      ...entries,
    ],
  };
}
