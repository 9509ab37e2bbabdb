// Who speaks the turn a mention lies in, as the visit reader reads the turns: labels in any style
// (data/language/en/speakers.json), generic speakers inferred, swapped labels and one-line visits.
import { readTurns, type SpeakerRole } from '../transcript/index.ts';

export type Speaker = 'clinician' | 'patient';

/** The coder's two sides: a family member speaks for the patient. */
const SIDE: Record<SpeakerRole, Speaker | undefined> = { clinician: 'clinician', patient: 'patient', family: 'patient', unknown: undefined };

/** The speaker of each offset of a transcript: the turn holding it, or the turn a label at it opens. */
export function speakersOf(text: string): (offset: number) => Speaker | undefined {
  const { turns } = readTurns(text);
  return (offset) => {
    let lo = 0, hi = turns.length - 1, at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (turns[mid]!.span.start <= offset) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    // Before the first turn's words, or past a turn's end (in the next one's label): the turn that follows.
    if (at < 0 || offset > turns[at]!.span.end) at++;
    const turn = turns[at];
    return turn ? SIDE[turn.role] : undefined;
  };
}

/** The speaker at one offset of a transcript. */
export function speakerAt(text: string, offset: number): Speaker | undefined {
  return speakersOf(text)(offset);
}
