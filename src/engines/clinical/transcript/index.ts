/**
 * Transcript reading with character offsets into the submitted text.
 *   readTranscript(text): Transcript — turns and sentences (span, cleaned text, role, question).
 *   othersSaid(text, turns): Span[] — what a conversation with the patient says about a relative or another person ("she has…" after "my mother").
 * Formats: "[00:01:02] Doctor: …", "Speaker 1: …", "[doctor]/[patient]/[patient_guest]", "D:/P:",
 * WebVTT (with or without <v> voices), unlabelled text, and a pasted transcription result JSON.
 */
export { readTranscript, readTurns, type RoleTurn } from './read.ts';
export { endsSpeakingOfOtherPerson, leadNamesNonRelative, namesOtherPerson, othersSaid, ownedByOtherPerson } from './experiencer.ts';
export { cleanUtterance } from '../language/fillers.ts';
export { roleFromLabel, inferRoles } from './roles.ts';
export type { Transcript, Turn, Sentence, SpeakerRole } from './types.ts';
