/**
 * The visit, read once per job: turns, sentences with speakers and roles, section cues,
 * assertions and typed facts with spans into the submitted transcript. SOAP notes, template
 * and style notes render from it; none re-reads the transcript with its own patterns.
 *
 *   readVisit(transcript, { gender?, medicationList? }): Visit
 *
 * Visit (see types.ts):
 *   text, format, turns, sentences[]   — each sentence: span, text, role, turn, question,
 *                                        part (hpi|exam|results|plan|none), allergy,
 *                                        followUp, safetyNet
 *   sex                                — female | male | undefined (for pronouns)
 *   chiefComplaint?                    — { text, spans }
 *   problems[]                         — { name, title, icd?, span, confidence, assertion }
 *   medications[]                      — { name, dosage?, frequency?, form?, route?, change?,
 *                                          problem? (index into problems), said?, spans }
 *   allergies[], noAllergies?          — substance/reaction with spans; "No known drug allergies."
 *   vitals[]                           — { kind, value with unit, spans }, today's reading first
 *   reviewOfSystems[]                  — { system, text ("Denies fever."), spans }
 *   results[]                          — results talk as said, numbers as digits, with spans
 *   orders[]                           — { kind: imaging|lab|referral|therapy, what, spans }
 *   procedures[]                       — { code (CPT), display, span } done at the visit
 *   planAgreement?                     — the patient accepted the plan when the clinician checked it
 */
export { readVisit } from './read.ts';
export { drugNamed, isDeviceOrForm } from './medications.ts';
export { problemNamer, type ProblemNamer } from './problems.ts';
export { ORDERABLE_WORDS } from './orders.ts';
export type { Allergy, Medication, MedicationChange, Order, Part, Problem, Procedure, RosFinding, Said, Sentence, Sex, SpeakerRole, Turn, Visit, VisitOptions, VisitSentence, VitalSign } from './types.ts';
