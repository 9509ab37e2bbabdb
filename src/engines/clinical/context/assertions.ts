// NegEx/ConText-style assertion status of one concept mention inside its sentence.
import type { Span } from '../../ports.ts';
import { splitSentences, sentenceAt } from './sentences.ts';
import { TOKEN_RE, comparedAfter, innerAdverbs, listBreakers, listSeparators, presupposingWords, triggerTrie, type Category, type TriggerRule } from './triggers.ts';
import { endsWithCheckIn, opensWithWhWord, withoutLeadingWords } from '../language/discourse.ts';

export interface Assertion {
  negated: boolean;
  uncertain: boolean;
  historical: boolean;
  /** Experiencer is someone other than the patient (family member, partner). */
  family: boolean;
  hypothetical: boolean;
  /** Asked about, not asserted: the sentence ends with '?' or an interrogative opener ("have you", "any") reaches the concept. */
  question: boolean;
}

interface Token { text: string; start: number; end: number }
interface Match { from: number; to: number; rule: TriggerRule } // token indexes [from, to)

// How many tokens a trigger reaches (forward, backward), per category.
const WINDOW: Record<Category, [number, number]> = {
  negated: [6, 3],
  uncertain: [6, 3],
  hypothetical: [10, 3],
  historical: [6, 4],
  family: [9, 6],
  question: [8, 0],
};

function tokenize(text: string, span: Span): Token[] {
  const out: Token[] = [];
  const re = new RegExp(TOKEN_RE.source, 'gi');
  const slice = text.slice(span.start, span.end);
  for (let m = re.exec(slice); m; m = re.exec(slice)) {
    // A year in digits is one token, "yyyy", so that trigger data can say "back in yyyy".
    const word = m[0].toLowerCase().replace('’', "'").replace(/^(?:19|20)\d\d$/, 'yyyy');
    out.push({ text: word, start: span.start + m.index, end: span.start + m.index + m[0].length });
  }
  return out;
}

/** Longest-first phrase matches; a pseudo-trigger hides any trigger it covers. */
function findMatches(tokens: Token[]): Match[] {
  const root = triggerTrie();
  const adverbs = innerAdverbs();
  const matches: Match[] = [];
  let i = 0;
  while (i < tokens.length) {
    let node = root;
    let best: { to: number; rules: TriggerRule[]; skipped: boolean } | undefined;
    let skipped = false;
    for (let j = i; j < tokens.length; j++) {
      const n = node.next.get(tokens[j]!.text);
      // An adverb inside a phrase leaves it the same trigger ("can sometimes cause").
      if (!n && node !== root && adverbs.has(tokens[j]!.text)) {
        skipped = true;
        continue;
      }
      if (!n) break;
      node = n;
      if (n.rules.length) best = { to: j + 1, rules: n.rules, skipped };
    }
    if (!best) {
      i++;
      continue;
    }
    if (!best.rules.some((r) => r.kind === 'pseudo')) {
      for (const rule of best.rules) matches.push({ from: i, to: best.to, rule });
    }
    // A phrase read across an adverb does not hide a trigger that starts inside it ("was also negative for").
    i = best.skipped ? i + 1 : best.to;
  }
  return matches;
}

/**
 * How far a negation reaches across `gap`, read as NegEx reads a list: across a
 * list of short items ("fever, chills, night sweats, weight loss, or cough") only the words
 * of the last item count; otherwise every token does, as before.
 */
function listDistance(gap: Token[]): number {
  const separators = listSeparators();
  const breakers = listBreakers();
  const items: number[] = [0];
  for (const t of gap) {
    // A hesitation or an answer word between commas ("no blood, yeah, just watery") is speech, not a list.
    if (breakers.has(t.text)) return gap.length;
    if (separators.has(t.text)) {
      if (items[items.length - 1]! > 0) items.push(0);
    } else items[items.length - 1]!++;
  }
  const isList = items.length >= 3 && items.every((n) => n <= 3);
  return isList ? items[items.length - 1]! : gap.length;
}

/** Whether a compared_after phrase ("like this", "this bad") starts at token `at`. */
function comparedFollows(tokens: Token[], at: number): boolean {
  return comparedAfter().some((p) => p.length > 0 && p.every((w, k) => tokens[at + k]?.text === w));
}

const EMPTY: Assertion = { negated: false, uncertain: false, historical: false, family: false, hypothetical: false, question: false };

/**
 * Assertion status of `concept` (a span of `text`). `sentence` defaults to the
 * sentence around the concept found by `splitSentences`.
 */
export function assertionsFor(text: string, concept: Span, sentence?: Span): Assertion {
  const whole = sentence ?? sentenceAt(splitSentences(text), concept.start) ?? { start: 0, end: text.length };
  // A speaker label ("Guest_family:", "[patient]") is not part of what is said.
  const label = LABEL.exec(text.slice(whole.start, whole.end))?.[0].length ?? 0;
  const sent = { start: Math.min(whole.start + label, concept.start), end: whole.end };
  const tokens = tokenize(text, sent);
  const result: Assertion = { ...EMPTY };
  let cs = tokens.findIndex((t) => t.end > concept.start);
  if (cs < 0) return result;
  let ce = cs;
  while (ce < tokens.length && tokens[ce]!.start < concept.end) ce++;
  if (ce === cs) ce = cs + 1;
  const matches = findMatches(tokens);
  const terminators = matches.filter((m) => m.rule.kind === 'terminate');
  const blocked = (from: number, to: number, category: Category): boolean =>
    terminators.some((t) => t.from >= from && t.to <= to && (!t.rule.only || t.rule.only.includes(category)));
  const words = (from: number, to: number, rule: TriggerRule): number =>
    rule.category === 'negated' || rule.list === true ? listDistance(tokens.slice(from, to)) : to - from;
  for (const m of matches) {
    const { rule } = m;
    if (rule.kind !== 'trigger' || !rule.category) continue;
    if (m.to > cs && m.from < ce) continue; // inside the concept itself
    const [fwd, back] = WINDOW[rule.category];
    const forwardOk = rule.direction !== 'backward' && m.to <= cs && words(m.to, cs, rule) <= fwd && !blocked(m.to, cs, rule.category);
    const backwardOk = rule.direction !== 'forward' && m.from >= ce && m.from - ce <= back && !blocked(ce, m.from, rule.category);
    if (forwardOk || backwardOk) result[rule.category] = true;
  }
  // "I've never had headaches like this": the comparison says the condition is here now.
  if (result.negated && comparedFollows(tokens, ce)) result.negated = false;
  // Asked, not asserted: a question that is not a wh-question ("do you…?", "any…?",
  // "and you got…?", "how about…?"), or an interrogative
  // opener reaching the concept when nothing else (negation, "if") explains the words.
  // Wh-questions ("how's your asthma?") presuppose the condition, a
  // check-in tag ("…, okay?") is a question only when nothing else explains the words
  // ("call me if you have chest pain, okay?" is advice).
  const said = text.slice(sent.start, sent.end);
  const opening = withoutLeadingWords(said);
  const yesNo = said.trimEnd().endsWith('?') && !opensWithWhWord(opening);
  const checkIn = yesNo && endsWithCheckIn(said);
  const other = result.negated || result.hypothetical || result.uncertain || result.family;
  result.question = (yesNo && !checkIn) || ((result.question || checkIn) && !other);
  // "your asthma", "these headaches": the determiner presupposes the condition, so it is
  // neither asked about nor in doubt ("this could be due to your sleep apnea").
  if (cs > 0 && presupposingWords().has(tokens[cs - 1]!.text)) result.question = result.uncertain = false;
  return result;
}

const LABEL = /^\s*(?:\[[^\]]{1,30}\]\s*|[A-Za-z_][A-Za-z_ ]{0,20}\d?\s*:\s+)+/;
