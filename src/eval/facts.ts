// Fact agreement between a generated note and a reference note (medication names and
// vital-sign values, read with the embedded engine's lexicon and vital reader), and the
// count of a note's facts the transcript does not support (the grounding check).
import { drugNamed } from '../engines/clinical/visit/medications.ts';
import { vitalsIn } from '../engines/clinical/numbers/index.ts';
import { checkFacts, factsIn } from '../engines/grounding/prose.ts';
import { TranscriptGrounder, withDigits } from '../engines/grounding/transcript-grounder.ts';

export interface Agreement {
  tp: number;
  fp: number;
  fn: number;
}

export function drugsIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z-]+/g)) {
    const d = drugNamed(m[0], []);
    if (d) out.add(d.toLowerCase());
  }
  return out;
}

/** "bloodPressure=150/95" for each vital said in `text`. */
export function vitalsInNote(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split(/\n|(?<=\.)\s/)) {
    for (const [k, v] of Object.entries(vitalsIn(withDigits(line)))) out.add(`${k}=${(v as string).split(' ')[0]}`);
  }
  return out;
}

export function agreement(ours: Set<string>, theirs: Set<string>): Agreement {
  let tp = 0;
  for (const x of ours) if (theirs.has(x)) tp++;
  return { tp, fp: ours.size - tp, fn: [...theirs].filter((x) => !ours.has(x)).length };
}

export function add(into: Agreement, more: Agreement): void {
  into.tp += more.tp;
  into.fp += more.fp;
  into.fn += more.fn;
}

/** Drugs, doses and vitals in the note's markdown that the transcript does not support. */
export function unsupportedFacts(markdown: string, transcript: string): number {
  const grounder = new TranscriptGrounder(transcript);
  let missing = 0;
  for (const line of markdown.split('\n')) {
    for (const sentence of line.split(/(?<=[.!?])\s+/)) missing += checkFacts(factsIn(sentence), grounder).missing.length;
  }
  return missing;
}
