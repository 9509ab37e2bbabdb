// In a dialogue, what the next speaker's turn says to a yes/no question about a finding:
// "Doctor: Any chest pain? / Patient: No." denies it; "Yeah, no fever or anything" denies
// fever; "I have this cough, but other than that nothing" affirms cough and denies the rest.
import type { Doc, Range } from './text-doc.ts';

export type Answer = 'yes' | 'no' | 'open';

const SPEAKER = /^[ \t]*([A-Za-z][A-Za-z_ .]{0,24}):[ \t]*/;
const YES_WORD = /^(?:yes|yeah|yep|yup|yea|sure|correct|right|i do|i have|i am|i did|mm-?hmm|uh-?huh|definitely|absolutely|sometimes|a little|a bit)\b/i;
const NO_WORD = /^(?:no|nope|nah|never|not really|not at all|nothing|none|negative|denies|i don't|i do not|i haven't|i have not|not that i know)\b/i;
const FILLER = /^(?:(?:um+|uh+|oh|well|hmm|okay|ok|so|actually|honestly|i think|i guess)\b[,.]?\s*)+/i;

/** The answer to the question holding `mention`, also judged by where the answer names the concept (its first stem). */
export function answerTo(doc: Doc, mention: Range, conceptStem: string | undefined, questionNegated: boolean): Answer | undefined {
  const text = doc.text;
  const lineStart = text.lastIndexOf('\n', mention.start - 1) + 1;
  let lineEnd = text.indexOf('\n', mention.end);
  if (lineEnd === -1) lineEnd = text.length;
  const line = text.slice(lineStart, lineEnd);
  if (!SPEAKER.test(line)) return undefined;
  // The question is the sentence of the mention: it ends with "?" before the next sentence does.
  const rest = text.slice(mention.end, lineEnd);
  const q = rest.search(/[?.!]/);
  if (q === -1 || rest[q] !== '?') return undefined;
  const next = nextTurn(text, lineEnd, SPEAKER.exec(line)![1]!);
  if (next === undefined) return 'open';
  const own = conceptStem ? mentionIn(doc, next, conceptStem) : undefined;
  if (own !== undefined) return own;
  let said = text.slice(next.start, next.end).trim().replace(FILLER, '');
  if (NO_WORD.test(said)) return 'no';
  if (YES_WORD.test(said)) {
    said = said.replace(YES_WORD, '').replace(/^[,.!\s]+/, '');
    if (NO_WORD.test(said)) return 'no';
    return questionNegated ? 'no' : 'yes';
  }
  if (/\b(?:other than that|apart from that|besides that|otherwise)\b[^.?!]*\b(?:nothing|no|none)\b/i.test(said)) return 'no';
  return 'open';
}

/** The next line spoken by another speaker, without its "Patient:" label. */
function nextTurn(text: string, from: number, speaker: string): Range | undefined {
  let pos = from + 1;
  for (let n = 0; pos < text.length && n < 4; n++) {
    let end = text.indexOf('\n', pos);
    if (end === -1) end = text.length;
    const line = text.slice(pos, end);
    const m = SPEAKER.exec(line);
    if (m && m[1] !== speaker) return { start: pos + m[0].length, end };
    if (m) return undefined; // the same speaker again: no answer given
    pos = end + 1;
  }
  return undefined;
}

/** The answer names the concept itself: negated there ("no vomit at all") or affirmed. */
function mentionIn(doc: Doc, turn: Range, conceptStem: string): Answer | undefined {
  const idx = doc.byStem.get(conceptStem);
  if (!idx) return undefined;
  for (const i of idx) {
    const t = doc.tokens[i];
    if (t.start < turn.start || t.end > turn.end) continue;
    const before = doc.text.slice(turn.start, t.start);
    return /\b(?:no|not|never|without|nothing|none|denies|don't|didn't|haven't)\b[^,.;]*$/i.test(before) ? 'no' : 'yes';
  }
  return undefined;
}
