// What the request's free-text fields change: instructions steer emphasis and length;
// previousNote and context bring the problems being followed up; drug names in a previous
// note help correct misheard spellings as the medication list does.
import type { NoteRequest } from '../../ports.ts';
import { asksLonger, asksShorter } from '../language/index.ts';
import { drugLexicon } from '../lexicon/index.ts';
import { escapeRegExp as escape } from '../language/data.ts';

const STOP = new Set('the a an and or of to in on for with by at from as is are be was were this that these those it its into about please note notes make more less focus emphasis emphasise emphasize include including section sections patient visit write keep use very also only all any some'.split(' '));

export interface Steering {
  /** Words whose sentences rank higher when budgets force a choice. */
  emphasis?: RegExp;
  /** Multiplies every word budget ("be brief" < 1 < "detailed"). */
  lengthFactor: number;
  /** Extra spellings for medication correction. */
  medicationHints: string[];
}

function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).filter((w) => !STOP.has(w));
}

export function steeringFor(request: NoteRequest): Steering {
  const instructions = (request.instructions ?? []).join(' ');
  let lengthFactor = 1;
  if (asksShorter(instructions)) lengthFactor = 0.6;
  else if (asksLonger(instructions)) lengthFactor = 1.5;
  const words = new Set([
    ...contentWords(instructions).filter((w) => !asksShorter(w) && !asksLonger(w)),
    ...contentWords(request.context ?? ''),
  ]);
  const drugs = drugLexicon();
  const previous = contentWords(request.previousNote ?? '');
  const medicationHints = [...new Set(previous.filter((w) => drugs.has(w)))];
  // A previous note's problems are what a follow-up visit is about; its drugs count too.
  for (const w of previous) if (/(?:itis|osis|emia|pathy|algia|ension|etes|sion|oma)$/.test(w) || drugs.has(w)) words.add(w);
  const list = [...words].slice(0, 60).map(escape);
  return { emphasis: list.length ? new RegExp(`\\b(?:${list.join('|')})`, 'i') : undefined, lengthFactor, medicationHints };
}
