// Assertion status of a mention for text-to-JSON, read with the shared NegEx/ConText
// module (../context): negated, about someone else, hypothetical. Three things of written
// notes that the shared cues leave out are added here: the prefix "non-" and the word
// "nil" negate ("non-smoker", "Nil smoking/etOH hx"); "former" (quit, stopped, ex-) is a
// status a yes/no field such as "smoker" reads as no; and in a list ("FH of IHD,
// hypertension") a family cue reaches only its own comma-separated item.
import { assertionsFor } from '../context/index.ts';
import { answerTo } from './answer.ts';
import { type Doc, type Range, sentenceOf } from './text-doc.ts';

export interface Assertion {
  negated: boolean;
  otherPerson: boolean;
  former: boolean;
  /** "return if fever develops": not an observation. */
  hypothetical: boolean;
  /** Asked in a dialogue and not answered either way: "Doctor: Any chest pain?" then another topic. */
  unanswered?: boolean;
}

// A cue reaches the mention from at most eight words before it, unless "but" (…) intervenes.
const NIL = /\bnil\b([^.;]*)$/i;
const FORMER = /\b(?:former|ex|quit|stopped|previously|used to|gave up|no longer|past)\b([^.;]*)$/i;
const TERMINATION = /\b(?:but|however|although|though|except|aside from|apart from|yet|which|who|now)\b/i;
const NON = /\bnon[- ]?$/i;

function cueBefore(re: RegExp, before: string): boolean {
  const m = re.exec(before);
  return m !== null && !TERMINATION.test(m[1]!);
}

export function assertionOf(doc: Doc, mention: Range): Assertion {
  // Cues do not cross line breaks: "Alcohol: no" does not negate the next line.
  const sentence = sentenceOf(doc, mention.start);
  const lineStart = doc.text.lastIndexOf('\n', mention.start - 1) + 1;
  const lineEnd = doc.text.indexOf('\n', mention.end);
  const scope = { start: Math.max(sentence.start, lineStart), end: Math.min(sentence.end, lineEnd === -1 ? doc.text.length : lineEnd) };
  const a = assertionsFor(doc.text, mention, scope);
  const before = doc.text.slice(scope.start, mention.start).split(/(?<=\s)/).slice(-8).join('');
  const negated = a.negated || NON.test(before) || cueBefore(NIL, before);
  // A question in a dialogue is answered by the next speaker.
  const answer = answerTo(doc, mention, tokenAt(doc, mention.start)?.stem, negated);
  if (answer === 'no' || answer === 'yes') return { negated: answer === 'no', otherPerson: a.family, former: false, hypothetical: false };
  return {
    unanswered: answer === 'open',
    negated,
    otherPerson: a.family && assertionsFor(doc.text, mention, listItem(doc.text, mention, scope)).family,
    former: cueBefore(FORMER, before),
    hypothetical: a.hypothetical,
  };
}

/** The comma-separated piece of `scope` holding the mention. */
function listItem(text: string, mention: Range, scope: Range): Range {
  const start = text.lastIndexOf(',', mention.start - 1) + 1;
  const end = text.indexOf(',', mention.end);
  return { start: Math.max(scope.start, start), end: end === -1 ? scope.end : Math.min(scope.end, end) };
}

/** The first token starting at or after `pos` (binary search). */
function tokenAt(doc: Doc, pos: number): Doc['tokens'][number] | undefined {
  let lo = 0;
  let hi = doc.tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (doc.tokens[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return doc.tokens[lo];
}
