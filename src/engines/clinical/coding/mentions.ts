// Concept mentions of a visit with their assertion status and the side they refer to.
import type { Span } from '../../ports.ts';
import { assertionsFor, sentenceAt, splitSentences, type Assertion } from '../context/index.ts';
import { findConcepts, tokenize, type Concept, type Token } from '../lexicon/index.ts';

export type Side = 'R' | 'L' | 'B' | 'U';
export type Status = 'present' | 'negated' | 'uncertain' | 'hypothetical' | 'family' | 'historical' | 'unasserted';

export interface Mention {
  concept: Concept;
  start: number;
  end: number;
  sentence: Span;
  side: Side;
  status: Status;
  assertion: Assertion;
}

const SIDE_WORDS: Record<string, Side> = { right: 'R', left: 'L', bilateral: 'B', both: 'B' };
const YES = /^(yes|yeah|yep|yup|uh-huh|mm-hmm|i do|i have|i did|correct|right|sometimes|a little|definitely)\b/i;
const NO = /^(no|nope|nah|never|not really|i don't|i haven't|i do not|none)\b/i;
// A turn label at the start of a line: "[patient]", "Doctor:", "Speaker 1:", "[00:01:02] P:".
const LABEL = /^(?:\[[^\]]*\]\s*)*(?:(?:doctor|patient|dr|pt|d|p|speaker\s*\d+|clinician|nurse)\s*[:\-]\s*)?/i;

/** Side named nearest to the mention within its sentence (a few words either way). */
function sideOf(tokens: Token[], from: number, to: number, sentence: Span): Side {
  let best: { side: Side; dist: number } | undefined;
  const consider = (i: number, dist: number): void => {
    const t = tokens[i];
    if (!t || t.start < sentence.start || t.end > sentence.end) return;
    const side = SIDE_WORDS[t.norm];
    if (side && (!best || dist < best.dist)) best = { side, dist };
  };
  for (let i = from; i < to; i++) consider(i, 0);
  for (let d = 1; d <= 6; d++) {
    consider(from - d, d);
    if (d <= 4) consider(to - 1 + d, d);
  }
  return best?.side ?? 'U';
}

function statusOf(a: Assertion, answer: 'yes' | 'no' | undefined): Status {
  if (a.family) return 'family';
  if (a.question) {
    if (answer === 'yes') return a.negated ? 'negated' : a.historical ? 'historical' : 'present';
    if (answer === 'no') return 'negated';
    return 'unasserted';
  }
  if (a.negated) return 'negated';
  if (a.hypothetical) return 'hypothetical';
  if (a.uncertain) return 'uncertain';
  if (a.historical) return 'historical';
  return 'present';
}

function answerAfter(text: string, sentences: Span[], sentence: Span): 'yes' | 'no' | undefined {
  const i = sentences.indexOf(sentence);
  const next = sentences[i + 1];
  if (!next) return undefined;
  const body = text.slice(next.start, next.end).replace(LABEL, '');
  if (YES.test(body)) return 'yes';
  if (NO.test(body)) return 'no';
  return undefined;
}

const BODY_PARTS = new Set(['knee', 'shoulder', 'hip', 'ankle', 'foot', 'elbow', 'wrist', 'hand', 'leg', 'arm', 'calf', 'toe', 'finger', 'clavicle', 'collarbone', 'acl', 'meniscus', 'carpal', 'achilles', 'rotator']);

/**
 * The one side the visit names for a body part ("right knee" throughout), used when the
 * sentence of a mention names none. Undefined when both sides or neither are named.
 */
function visitSides(tokens: Token[]): Map<string, Side> {
  const seen = new Map<string, Set<Side>>();
  tokens.forEach((t, i) => {
    const side = SIDE_WORDS[t.norm];
    if (!side || side === 'B') return;
    for (let j = i + 1; j <= i + 3 && j < tokens.length; j++) {
      const part = tokens[j]!.norm.replace(/s$/, '');
      if (BODY_PARTS.has(part)) {
        if (!seen.has(part)) seen.set(part, new Set());
        seen.get(part)!.add(side);
        break;
      }
    }
  });
  const sides = new Map<string, Side>();
  for (const [part, set] of seen) if (set.size === 1) sides.set(part, [...set][0]!);
  return sides;
}

function bodyPartOf(concept: Concept): string | undefined {
  return concept.name.split(/\s+/).map((w) => w.replace(/s$/, '')).find((w) => BODY_PARTS.has(w));
}

export function findMentions(text: string): Mention[] {
  const tokens = tokenize(text);
  let sidesOfVisit: Map<string, Side> | undefined;
  const sentences = splitSentences(text);
  const out: Mention[] = [];
  for (const m of findConcepts(tokens)) {
    if (m.concept.kind === 'ignore') continue;
    const sentence = sentenceAt(sentences, m.start) ?? { start: 0, end: text.length };
    const assertion = assertionsFor(text, { start: m.start, end: m.end }, sentence);
    const answer = assertion.question ? answerAfter(text, sentences, sentence) : undefined;
    let side = sideOf(tokens, m.from, m.to, sentence);
    if (side === 'U' && m.concept.codes.R) {
      const part = bodyPartOf(m.concept);
      sidesOfVisit ??= visitSides(tokens);
      side = (part && sidesOfVisit.get(part)) || 'U';
    }
    out.push({
      concept: m.concept,
      start: m.start,
      end: m.end,
      sentence,
      side,
      status: statusOf(assertion, answer),
      assertion,
    });
  }
  return out;
}
