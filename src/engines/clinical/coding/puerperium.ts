// Whether a visit falls in the puerperium: the patient's delivery placed at most six weeks back
// (guidelines I.C.15; data/language/en/coding.json `puerperium`).
import { alternation, spokenAlternation, wordReach } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';

let pattern: RegExp | undefined;

function recentDelivery(): RegExp {
  if (pattern) return pattern;
  const p = codingCues().puerperium;
  // Subject, at most two linking words, the delivery, up to `reach` words within the sentence, how long ago.
  pattern = new RegExp(
    `\\b(?:${spokenAlternation(p.subjects)})\\s+(?:(?:${alternation(p.between)})\\s+){0,2}(?:${alternation(p.deliveries)})(?:\\s+[^\\s.?!]+){0,${wordReach(p.reach)}}?\\s+(?:${alternation(p.recent)})\\b`,
    'i',
  );
  return pattern;
}

/** Does the visit place the patient's delivery at most six weeks back ("I had a C-section a few weeks ago")? */
export function inPuerperium(text: string): boolean {
  return recentDelivery().test(text);
}

/** The code of a condition complicating the puerperium, coded beside the condition's own (O99.893). */
export function puerperiumCode(): string {
  return codingCues().puerperium.code;
}
