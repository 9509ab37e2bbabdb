/**
 * Embedded SOAP note engine: deterministic, offline, every statement traceable to the transcript.
 * The transcript is read once into a Visit (../visit); each section here is a renderer over it.
 *
 *   createEmbeddedNoteEngine(): NoteEngine  — handles noteType.type === 'soap'.
 *
 * payload.json: the spec's SOAP shape (subjective, objective, assessment, plan; each key absent
 * when empty), these additions, and `evidence`:
 *
 *   subjective.allergies[]:   { substance, reaction? } as said ("Penicillin", "rash"); markdown ALLERGIES
 *   subjective.allergyStatus: "No known drug allergies" | "No known allergies" (only when none are named)
 *   plan.medications[].form:  device or dose form said with the drug ("albuterol inhaler" → "inhaler")
 *   plan.patientAgreement:    the patient accepted the plan when the clinician checked it; markdown "Patient Agreements:" line
 *
 * An allergen is never listed under plan.medications, a reaction from the allergy history is never
 * coded as a diagnosis, and plan.followUp is also written as its own line under ASSESSMENT AND PLAN.
 * There each problem's plan talk is written in labelled lines by what it does (soap/plan-kinds.ts):
 * "• Medical Reasoning:", "• Additional Testing:", "• Medical Treatment:", "• Patient Education and Counseling:".
 *
 *   evidence: {
 *     fields:   { "<dotted JSON path>": { spans: Span[], request?: "patientInfo" } },
 *               // one entry per leaf, e.g. "plan.medications.0.dosage", "subjective.reviewOfSystems.respiratory"
 *     markdown: [ { start, end, spans: Span[], request?: "patientInfo" } ]
 *               // one entry per markdown sentence: markdown.slice(start, end) came from
 *               // transcript.slice(span.start, span.end) for each span
 *   }
 *
 * Spans are character offsets into the submitted transcript. A statement taken from a request
 * field instead of the transcript (age/sex from patientInfo) names that field in `request`.
 */
import { EngineError, type NoteEngine, type NoteRequest, type NoteResult } from '../../ports.ts';
import { readVisit, type Visit } from '../visit/index.ts';
import { assemble } from './assemble.ts';
import { steeringFor } from './steer.ts';

/** A SOAP note for the request; `visit` when the job already read the transcript (with the request's gender and medication list). */
export function generateSoapNote(request: NoteRequest, visit?: Visit): NoteResult {
  if (request.language && !/^en\b/i.test(request.language)) {
    throw new EngineError(`the embedded note engine writes English notes only; language "${request.language.slice(0, 20)}" is not supported yet`);
  }
  if (!request.transcript || !request.transcript.trim()) throw new EngineError('the transcript is empty');
  const steer = steeringFor(request);
  const read = visit ?? readVisit(request.transcript, {
    gender: request.patientInfo?.gender,
    medicationList: [...(request.medicationList ?? []), ...steer.medicationHints],
  });
  return assemble(request, read, steer);
}

export function createEmbeddedNoteEngine(): NoteEngine {
  return {
    async generateNote(request: NoteRequest): Promise<NoteResult> {
      if (request.noteType.type !== 'soap') throw new EngineError('note_template notes are not supported by this engine yet');
      return generateSoapNote(request);
    },
  };
}
