// Patient turns the clinician's next turn asks about by referring back to them ("Has this gotten worse?"):
// what they name is taken up (data/language/en/coding.json `followed_up`).
import { splitSentences } from '../context/index.ts';
import { alternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { isQuestion } from '../language/discourse.ts';
import type { Turns } from './speaker.ts';

let refer: RegExp | undefined;

/** Does the clinician's turn open with a question that refers back within its first words ("How long has it…?")? */
function asksBack(said: string): boolean {
  const c = codingCues().followed_up;
  refer ??= new RegExp(`^\\W*(?:\\S+\\s+){0,${Math.max(0, c.reach - 1)}}(?:${alternation(c.refer)})\\b`, 'i');
  const first = splitSentences(said)[0];
  const sentence = first ? said.slice(first.start, first.end) : said;
  return isQuestion(sentence) && refer.test(sentence);
}

/** Indexes of the patient turns whose next turn is the clinician asking back about them. */
export function followedUpTurns(text: string, turns: Turns): Set<number> {
  const out = new Set<number>();
  turns.list.forEach((turn, i) => {
    const next = turns.list[i + 1];
    if (turn.speaker !== 'patient' || next?.speaker !== 'clinician') return;
    if (asksBack(text.slice(next.span.start, next.span.end))) out.add(i);
  });
  return out;
}
