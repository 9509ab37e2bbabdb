// Where a conversation states its reason: the patient's answer to the clinician's opening
// question ("how can I help you today?" → "I've had diarrhoea for three days"), and the rest of
// that question's turn ("tell me what's been going on. You said you're a bit short of breath").
import type { Span } from '../../ports.ts';
import { asksForReason } from '../language/discourse.ts';
import type { Speaker } from './speaker.ts';

// The question is asked in the opening; later "what's going on" is about something else.
const OPENING_SHARE = 0.3;
// The answer: the patient's next lines, past the clinician's short acknowledgements ("OK.", "Right, OK.").
const ANSWER_LINES = 3;
const ACKNOWLEDGEMENT_WORDS = 3;

interface Line { start: number; end: number; who: Speaker | undefined }

function linesOf(text: string, speakerAt: (offset: number) => Speaker | undefined, until: number): Line[] {
  const lines: Line[] = [];
  for (let at = 0; at < until; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    lines.push({ start: at, end, who: speakerAt(at) });
    at = end + 1;
  }
  return lines;
}

/** Spans of the visit's presenting complaint; none when the text does not label its turns. */
export function presentingSpans(text: string, speakerAt: (offset: number) => Speaker | undefined): Span[] {
  const lines = linesOf(text, speakerAt, Math.floor(text.length * OPENING_SHARE));
  const spans: Span[] = [];
  lines.forEach((line, i) => {
    if (line.who !== 'clinician' || !asksForReason(text.slice(line.start, line.end))) return;
    spans.push({ start: line.start, end: line.end });
    let answered = 0;
    for (const next of lines.slice(i + 1)) {
      if (next.who === 'patient') {
        spans.push({ start: next.start, end: next.end });
        if (++answered >= ANSWER_LINES) break;
      } else if (text.slice(next.start, next.end).split(/\s+/).length - 1 > ACKNOWLEDGEMENT_WORDS) break;
    }
  });
  return spans;
}
