// Who speaks the turn a mention lies in, from the turn label at the start of its line
// ("[doctor]", "Patient:", "Guest_family:"); labels are data (data/language/en/coding.json).
import { codingCues } from '../language/coding.ts';

export type Speaker = 'clinician' | 'patient';

let labels: Map<string, Speaker> | undefined;
let persons: { second: Set<string>; first: Set<string> } | undefined;

function speakerLabels(): Map<string, Speaker> {
  if (labels) return labels;
  labels = new Map();
  for (const [who, words] of Object.entries(codingCues().speakers) as [Speaker, string[]][]) for (const w of words) labels.set(w, who);
  return labels;
}

function personWords(): { second: Set<string>; first: Set<string> } {
  if (persons) return persons;
  const { addressing } = codingCues();
  persons = { second: new Set(addressing.second_person), first: new Set(addressing.first_person) };
  return persons;
}

// A label: "[doctor]" or "doctor:" / "Speaker 1:" at the start of a line (one bounded word run).
const LABEL = /^[ \t]*(?:\[([a-z_]{1,20}\d{0,2})\]|([a-z_]{1,20}(?: ?\d{1,2})?)[ \t]*:)/i;

/** The speaker of the line holding `offset`; undefined when the line has no known label. */
export function speakerAt(text: string, offset: number): Speaker | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const m = LABEL.exec(text.slice(lineStart, lineStart + 40));
  const word = (m?.[1] ?? m?.[2])?.toLowerCase().replace(/[ _\d]+$/, '');
  return word ? speakerLabels().get(word) : undefined;
}

// Swapped labels are decided only on a conversation long enough to tell (labelled lines), and
// only when the "patient" addresses the other this many times more than the "clinician" does.
const MIN_LINES_TO_SWAP = 20;
const SWAP_RATIO = 3;

/**
 * The speaker of each offset of a conversation, with the clinician and patient labels swapped
 * when the transcript has them the wrong way round: the clinician addresses the patient
 * ("you", "your") far more than speaking of themself, the patient the reverse.
 */
export function speakersOf(text: string): (offset: number) => Speaker | undefined {
  const { second, first } = personWords();
  const count = { clinician: { you: 0, i: 0 }, patient: { you: 0, i: 0 } };
  let lines = 0;
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const who = speakerAt(text, at);
    if (who) {
      lines++;
      for (const w of text.slice(at, lineEnd).toLowerCase().replace(/’/g, "'").match(/[a-z]+(?:'[a-z]+)?/g) ?? []) {
        if (second.has(w)) count[who].you++;
        else if (first.has(w)) count[who].i++;
      }
    }
    at = lineEnd + 1;
  }
  const addressing = (c: { you: number; i: number }): number => (c.you + 1) / (c.i + 1);
  const swapped = lines >= MIN_LINES_TO_SWAP && addressing(count.patient) >= SWAP_RATIO * addressing(count.clinician);
  if (!swapped) return (offset) => speakerAt(text, offset);
  return (offset) => {
    const who = speakerAt(text, offset);
    return who === 'clinician' ? 'patient' : who === 'patient' ? 'clinician' : undefined;
  };
}
