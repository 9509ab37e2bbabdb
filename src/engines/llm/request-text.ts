// The parts of a note request the model reads besides the transcript, as labelled text;
// and the embedded engine's facts that seed a hybrid (llm+embedded) prompt.
import type { NoteRequest } from '../ports.ts';
import { HYBRID_FACTS_INTRO } from './prompts.ts';

export function requestDetails(request: NoteRequest): string {
  const lines: string[] = [];
  const p = request.patientInfo;
  if (p && (p.name || p.gender || p.dateOfBirth)) lines.push(`Patient: ${[p.name, p.gender, p.dateOfBirth && `born ${p.dateOfBirth}`].filter(Boolean).join(', ')}`);
  if (request.date) lines.push(`Visit date: ${request.date}`);
  if (request.language) lines.push(`Write the note in language: ${request.language}`);
  if (request.medicationList?.length) lines.push(`Medications on the patient's list (for spelling only): ${request.medicationList.join(', ')}`);
  if (request.context) lines.push(`Context from the clinician:\n${request.context}`);
  if (request.instructions?.length) lines.push(`Instructions:\n${request.instructions.map((i) => `- ${i}`).join('\n')}`);
  if (request.previousNote) lines.push(`Previous note (for continuity; not evidence for this visit):\n${request.previousNote}`);
  return lines.join('\n\n');
}

/** The embedded SOAP engine's verified facts in its note JSON, as a prompt block. */
export function embeddedFacts(json: Record<string, any>): string {
  const facts = {
    medications: json.plan?.medications,
    allergies: json.subjective?.allergies,
    allergyStatus: json.subjective?.allergyStatus,
    vitalSigns: json.objective?.vitalSigns,
    diagnoses: json.assessment?.diagnoses,
    chiefComplaint: json.subjective?.chiefComplaint,
  };
  const present = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
  return Object.keys(present).length ? `${HYBRID_FACTS_INTRO}\n${JSON.stringify(present, null, 1)}` : '';
}

export function userMessage(parts: (string | undefined)[]): string {
  return parts.filter((p) => p && p.trim()).join('\n\n');
}
