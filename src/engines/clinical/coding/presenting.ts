// Where a conversation states its reason: the patient's answer to the clinician's opening
// question ("how can I help you today?" → "I've had diarrhoea for three days"), and the rest of
// that question's turn ("tell me what's been going on. You said you're a bit short of breath").
import type { Span } from '../../ports.ts';
import { spokenAlternation, wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';
import { asksForReason } from '../language/discourse.ts';
import type { Turns } from './speaker.ts';

// The question is asked in the opening; later "what's going on" is about something else.
const OPENING_SHARE = 0.3;
// The answer: the patient's next turns, past the clinician's short acknowledgements ("OK.", "Right, OK.").
const ANSWER_LINES = 3;
const ACKNOWLEDGEMENT_WORDS = 3;

let booked: RegExp | undefined;
/** Does the clinician read out the reason given at booking ("it says here you're feeling…"; coding.json booked_reason)? */
function readsBookedReason(turn: string): boolean {
  booked ??= new RegExp(wordsPattern(codingCues().booked_reason.phrases, spokenAlternation), 'i');
  return booked.test(turn);
}

/** Spans of the visit's presenting complaint; none when the text does not label its turns. */
export function presentingSpans(text: string, turns: Turns['list']): Span[] {
  const opening = Math.floor(text.length * OPENING_SHARE);
  const lines = turns.filter((t) => t.span.start < opening);
  const spans: Span[] = [];
  lines.forEach((line, i) => {
    const said = text.slice(line.span.start, line.span.end);
    if (line.speaker !== 'clinician' || !(asksForReason(said) || readsBookedReason(said))) return;
    spans.push(line.span);
    let answered = 0;
    for (const next of lines.slice(i + 1)) {
      if (next.speaker === 'patient') {
        spans.push(next.span);
        if (++answered >= ANSWER_LINES) break;
      } else if (text.slice(next.span.start, next.span.end).trim().split(/\s+/).length > ACKNOWLEDGEMENT_WORDS) break;
    }
  });
  return spans;
}
