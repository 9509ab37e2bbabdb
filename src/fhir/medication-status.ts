// What a note says about a medication → MedicationStatement.status. The cue words are data;
// the first cue found in the medication's own instructions decides.
import type { MedicationStatement } from '@medplum/fhirtypes';
import { escapeRegExp } from '../engines/clinical/language/data.ts';

type Status = MedicationStatement['status'];

/** Checked in order: a stop outranks a start ("stop lisinopril and start losartan" is per drug). */
export const MEDICATION_STATUS_CUES: { status: Status; cues: string[] }[] = [
  { status: 'stopped', cues: ['stop', 'stopped', 'discontinue', 'discontinued', 'discontinuing', 'hold off', 'no longer taking', 'quit', 'stopping'] },
  { status: 'on-hold', cues: ['hold', 'holding', 'pause', 'paused'] },
  { status: 'not-taken', cues: ['not taking', 'never took', 'did not take', "didn't take", 'ran out'] },
  { status: 'intended', cues: ['start', 'starting', 'begin', 'prescribe', 'prescribing', 'will prescribe', 'initiate', 'trial of', 'send in', 'sent in', 'new prescription'] },
  { status: 'completed', cues: ['finished', 'completed', 'course completed'] },
];

const CUE_PATTERNS = MEDICATION_STATUS_CUES.map(({ status, cues }) => ({
  status,
  // Cue words are our own data (no request text), escaped all the same.
  pattern: new RegExp(`\\b(?:${cues.map(escapeRegExp).join('|')})\\b`, 'i'),
}));

export function medicationStatus(instructions: string | undefined): Status {
  if (!instructions) return 'active';
  return CUE_PATTERNS.find((c) => c.pattern.test(instructions))?.status ?? 'active';
}
