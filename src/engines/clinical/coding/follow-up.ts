// Patient turns the clinician's next turn follows up with a question about what was just said, by
// its wording ("How long…?", "How would you define it…?") or by referring back to it ("Has this
// gotten worse?"): what the patient names there is taken up (data/language/en/coding.json `followed_up`).
import { splitSentences } from '../context/index.ts';
import { alternation } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { isQuestion, LEADING_RUN } from '../language/discourse.ts';
import type { Turns } from './speaker.ts';

let patterns: { opens: RegExp; refers: RegExp } | undefined;

/**
 * Does the clinician's turn follow up on the patient's: open with a follow-up question (how long,
 * how bad, how they would describe it), or ask a first question that refers back within its first
 * words? Such a question takes the complaint up as the problem being worked up: history of the
 * present illness, not a remark left aside (issue #18 policy, what the clinician takes up).
 */
function followsUp(said: string): boolean {
  const c = codingCues().followed_up;
  patterns ??= {
    opens: new RegExp(`^[^\\w']*${LEADING_RUN}(?:${alternation(c.questions)})\\b`, 'i'),
    refers: new RegExp(`^\\W*(?:\\S+\\s+){0,${Math.max(0, c.reach - 1)}}(?:${alternation(c.refer)})\\b`, 'i'),
  };
  if (patterns.opens.test(said)) return true;
  const first = splitSentences(said)[0];
  const sentence = first ? said.slice(first.start, first.end) : said;
  return isQuestion(sentence) && patterns.refers.test(sentence);
}

/** Indexes of the patient turns whose next turn is the clinician following up on them. */
export function followedUpTurns(text: string, turns: Turns): Set<number> {
  const out = new Set<number>();
  turns.list.forEach((turn, i) => {
    const next = turns.list[i + 1];
    if (turn.speaker !== 'patient' || next?.speaker !== 'clinician') return;
    if (followsUp(text.slice(next.span.start, next.span.end))) out.add(i);
  });
  return out;
}
