// The parts of a note request the model reads besides the transcript, as labelled text;
// and the embedded engine's facts that seed a hybrid (llm+embedded) prompt.
import { EngineError, type NoteRequest } from '../ports.ts';
import { generateSoapNote } from '../clinical/soap/index.ts';
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

/** The embedded SOAP engine's verified facts, as a prompt block (empty when it cannot read the visit). */
export function embeddedFacts(request: NoteRequest): string {
  let json: Record<string, any>;
  try {
    json = generateSoapNote({ ...request, noteType: { type: 'soap' } }).json;
  } catch (error) {
    if (error instanceof EngineError) return '';
    throw error;
  }
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
