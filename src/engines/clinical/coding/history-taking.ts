// Where an excerpt's history taking starts (the clinician's first question about the past
// medical, surgical, family or social history or allergies), conditions named as examples
// of such a question, and complaints the clinician asks to be told of; cue words in
// data/language/en/coding.json `history_taking`.
import { splitSentences } from '../context/index.ts';
import { spokenAlternation, wordsPattern } from '../language/data.ts';
import { leadingPhrase } from './cue-phrases.ts';
import { codingCues } from '../language/coding.ts';
import { isQuestion } from '../language/discourse.ts';
import type { Turns } from './speaker.ts';

interface Patterns { topics: RegExp; asking: RegExp; examples: RegExp; requested: RegExp }
let cues: Patterns | undefined;
function patterns(): Patterns {
  if (cues) return cues;
  const { history_taking: h } = codingCues();
  const words = (list: string[]): RegExp => new RegExp(wordsPattern(list, spokenAlternation), 'i');
  // The request, then at most a determiner ("talk to me about the", "let's start with your"), then the mention.
  const requested = leadingPhrase(h.asking, 1);
  cues = { topics: words(h.topics), asking: words(h.asking), examples: words(h.examples), requested };
  return cues;
}

/**
 * Offset of the first clinician turn that asks about a history topic ('any surgeries?', 'let's
 * talk about your family history', 'you mentioned cancer runs in your family. What type?');
 * Infinity when there is none or the turns are not labelled.
 */
export function historyTakingFrom(text: string, turns: Turns): number {
  const { topics, asking } = patterns();
  for (const t of turns.list) {
    if (t.speaker !== 'clinician') continue;
    const turn = text.slice(t.span.start, t.span.end);
    if (!topics.test(turn)) continue;
    if (asking.test(turn) || splitSentences(turn).some((s) => isQuestion(turn.slice(s.start, s.end)))) return t.span.start;
  }
  return Infinity;
}

/** `lead` (the words before a mention in its sentence) names it as an example of what a question covers. */
export function namedAsExample(lead: string): boolean {
  return patterns().examples.test(lead);
}

/**
 * `lead` (the words before a mention in its sentence) asks the patient to tell of it ("talk to me
 * about the cough", "let's start with your headaches"): the clinician names the topic of a
 * question, not a finding of the visit (issue #18 policy: history taken is not taken up).
 */
export function requestedToTell(lead: string): boolean {
  return patterns().requested.test(lead);
}
