// Where a conversation states its reason: the patient's answer to the clinician's opening
// question ("how can I help you today?" → "I've had diarrhoea for three days"), and the rest of
// that question's turn ("tell me what's been going on. You said you're a bit short of breath").
import type { Span } from '../../ports.ts';
import { asksForReason, asksHowPatientIs, readsBookedReason } from '../language/discourse.ts';
import type { Turns } from './speaker.ts';
import { unstuttered } from './site-ties.ts';

// The question is asked in the opening; later "what's going on" is about something else.
const OPENING_SHARE = 0.3;
// The answer: the patient's next turns, past the clinician's short acknowledgements ("OK.", "Right, OK.").
const ANSWER_LINES = 3;
const ACKNOWLEDGEMENT_WORDS = 3;

/** Does the clinician read out the reason given at booking (discourse.json reasonQuestions.bookedReason)? */
export function readsBookedReasonIn(turn: string): boolean {
  // A stuttered word ("in the, the notes") is read once.
  return readsBookedReason(unstuttered(turn));
}

/** Spans of the visit's presenting complaint; none when the text does not label its turns. */
export function presentingSpans(text: string, turns: Turns['list']): Span[] {
  const asks = (t: Turns['list'][number]): boolean => {
    const said = text.slice(t.span.start, t.span.end);
    return t.speaker === 'clinician' && (asksForReason(said) || readsBookedReasonIn(said) || asksHowPatientIs(said));
  };
  const first = turns.findIndex(asks);
  if (first < 0) return [];
  // The first time the clinician asks it is the opening question, however long the preliminaries
  // before it (age, who is with the patient, whether they can give a history); asked again in the
  // opening, it is still about the visit's reason.
  const opening = Math.max(Math.floor(text.length * OPENING_SHARE), turns[first]!.span.end);
  const spans: Span[] = [];
  turns.forEach((line, i) => {
    if (line.span.start >= opening || !asks(line)) return;
    spans.push(line.span);
    let answered = 0;
    for (const next of turns.slice(i + 1)) {
      if (next.speaker === 'patient') {
        spans.push(next.span);
        if (++answered >= ANSWER_LINES) break;
      } else if (text.slice(next.span.start, next.span.end).trim().split(/\s+/).length > ACKNOWLEDGEMENT_WORDS) break;
    }
  });
  return spans;
}
