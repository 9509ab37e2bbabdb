// Which patient turns the clinician follows up with a question about what was just said ("How long has it…?").
import { alternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import type { Turns } from './speaker.ts';

let opener: RegExp | undefined;

/**
 * Does the clinician's turn right after the patient's turn holding `offset` open by asking after
 * it: how long, how bad, how they would describe it (coding.json follow_up_questions)? Such a
 * question takes the patient's complaint up as the problem being worked up: history of the present
 * illness, not a remark left aside (issue #18 policy, what the clinician takes up).
 */
export function followedUp(text: string, turns: Turns, offset: number): boolean {
  const i = turns.turnAt(offset);
  const here = turns.list[i];
  const next = turns.list[i + 1];
  if (!here || !next || here.speaker !== 'patient' || next.speaker !== 'clinician') return false;
  opener ??= new RegExp(`^[^\\w']*(?:(?:so|okay|ok|and|alright|right|oh|i see|got it)[,.!]?\\s+)*(?:${alternation(codingCues().follow_up_questions.phrases)})\\b`, 'i');
  return opener.test(text.slice(next.span.start, next.span.end));
}
