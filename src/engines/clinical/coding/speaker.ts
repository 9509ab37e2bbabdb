// Who speaks the turn a mention lies in, and where turns change, as the visit reader reads the
// turns: labels in any style (data/language/en/speakers.json), generic speakers inferred, swapped
// labels and one-line visits with inline labels.
import type { Span } from '../../ports.ts';
import { readTurns, type SpeakerRole } from '../transcript/index.ts';

export type Speaker = 'clinician' | 'patient';

/** The coder's two sides: a family member speaks for the patient. */
const SIDE: Record<SpeakerRole, Speaker | undefined> = { clinician: 'clinician', patient: 'patient', family: 'patient', unknown: undefined };

/** A visit's turns as the coder reads them. */
export interface Turns {
  /** Each turn's words (without its label) and its speaker; the lines of a text without labels. */
  list: { span: Span; speaker: Speaker | undefined; role: SpeakerRole }[];
  /** Index in `list` of the turn holding an offset, or of the turn a label at it opens. */
  turnAt(offset: number): number;
  /** The speaker of that turn. */
  speakerAt(offset: number): Speaker | undefined;
}

/**
 * The turns of a transcript. A text without labels is read line by line, so a line break still
 * parts what is said; a labelled one by its turns, so a one-line ASR export with inline labels
 * ("… okay . [patient] yes …") parts its turns as a transcript with a line per turn does.
 */
export function turnsOf(text: string): Turns {
  const { format, turns } = readTurns(text);
  const list = format === 'unlabelled' ? linesOf(text) : turns.map((t) => ({ span: t.span, speaker: SIDE[t.role], role: t.role }));
  const turnAt = (offset: number): number => {
    let lo = 0, hi = list.length - 1, at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.span.start <= offset) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    // Before the first turn's words, or past a turn's end (in the next one's label): the turn that follows.
    if (at < 0 || offset > list[at]!.span.end) at++;
    return at;
  };
  return { list, turnAt, speakerAt: (offset) => list[turnAt(offset)]?.speaker };
}

function linesOf(text: string): Turns['list'] {
  const lines: Turns['list'] = [];
  let start = 0;
  for (const m of text.matchAll(/\r\n?|\n/g)) {
    lines.push({ span: { start, end: m.index }, speaker: undefined, role: 'unknown' });
    start = m.index + m[0].length;
  }
  lines.push({ span: { start, end: text.length }, speaker: undefined, role: 'unknown' });
  return lines;
}

/** The speaker of each offset of a transcript: the turn holding it, or the turn a label at it opens. */
export function speakersOf(text: string): (offset: number) => Speaker | undefined {
  return turnsOf(text).speakerAt;
}

/** The speaker at one offset of a transcript. */
export function speakerAt(text: string, offset: number): Speaker | undefined {
  return speakersOf(text)(offset);
}
