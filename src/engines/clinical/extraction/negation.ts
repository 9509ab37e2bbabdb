// Minimal assertion context, local until ../context (NegEx/ConText) is committed: is a
// mention negated, historical or about someone else? Cues are looked for inside the
// mention's sentence, before it (within a few words) or right after it.
import type { Doc, Range } from './text-doc.ts';
import { sentenceOf } from './text-doc.ts';

const PRE_NEGATION = /\b(no|not|nil|denies|denied|deny|denying|without|negative for|never|none|nor|free of|absence of|absent|doesn't|does not|did not|didn't|don't|do not|isn't|is not|wasn't|haven't|hasn't|ruled out|rules out|no history of|no signs of|no evidence of)\b[^.;]*$/i;
const POST_NEGATION = /^[^.;]{0,20}\b(denied|absent|not present|negative|ruled out|none)\b/i;
const TERMINATION = /\b(but|however|although|though|except|aside from|apart from|yet|which|who|now)\b/i;
const OTHER_PERSON = /\b(family history|mother|father|brother|sister|son|daughter|wife|husband|grandmother|grandfather|aunt|uncle|fh)\b[^.;,]*$/i;
const HYPOTHETICAL = /\b(if|should|in case|watch for|unless|whether)\b[^.;]*$/i;
const FORMER = /\b(former|ex|quit|stopped|previously|used to|gave up|no longer|past)\b[^.;]*$/i;

export interface Assertion {
  negated: boolean;
  otherPerson: boolean;
  former: boolean;
  /** "return if fever develops": not an observation. */
  hypothetical: boolean;
}

export function assertionOf(doc: Doc, mention: Range): Assertion {
  const sentence = sentenceOf(doc, mention.start);
  // Cues do not cross line breaks: "Alcohol: no" does not negate the next line.
  const line = doc.text.slice(sentence.start, mention.start);
  const before = lastWords(line.slice(line.lastIndexOf('\n') + 1), 8);
  const rest = doc.text.slice(mention.end, sentence.end);
  const after = rest.slice(0, rest.includes('\n') ? rest.indexOf('\n') : rest.length);
  const scoped = (re: RegExp) => {
    const m = re.exec(before);
    return m !== null && !TERMINATION.test(before.slice(m.index + m[1].length)); // a "but" between cue and mention ends its scope
  };
  return {
    negated: scoped(PRE_NEGATION) || POST_NEGATION.test(after) || /\bnon[- ]?$/i.test(before),
    otherPerson: OTHER_PERSON.test(before),
    former: scoped(FORMER),
    hypothetical: HYPOTHETICAL.test(before),
  };
}

function lastWords(s: string, n: number): string {
  const words = s.split(/(?<=\s)/);
  return words.slice(Math.max(0, words.length - n)).join('');
}
