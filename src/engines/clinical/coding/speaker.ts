// Who speaks the turn a mention lies in, from the turn label at the start of its line
// ("[doctor]", "Patient:", "Guest_family:"); labels are data (data/lexicon/coding-discourse.json).
import { readFileSync } from 'node:fs';

export type Speaker = 'clinician' | 'patient';

interface DiscourseFile { speakers: Record<Speaker, string[]> }

const FILE = new URL('../../../../data/lexicon/coding-discourse.json', import.meta.url);
let labels: Map<string, Speaker> | undefined;

function speakerLabels(): Map<string, Speaker> {
  if (labels) return labels;
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as DiscourseFile;
  labels = new Map();
  for (const [who, words] of Object.entries(data.speakers) as [Speaker, string[]][]) for (const w of words) labels.set(w, who);
  return labels;
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

/** Does the text label its turns (a dialogue or transcript), so speakers can be told apart? */
export function hasTurns(text: string): boolean {
  let labelled = 0;
  for (let at = 0, n = 0; at < text.length && n < 20; n++) {
    if (speakerAt(text, at)) labelled++;
    const next = text.indexOf('\n', at);
    if (next < 0) break;
    at = next + 1;
  }
  return labelled >= 2;
}
