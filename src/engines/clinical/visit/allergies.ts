// Allergy history: what the patient reacts to, the reaction, and "no known drug allergies".
// Read from the transcript itself (offsets into the submitted text), so each substance and
// reaction points at the words that said it. The sentences that carry an allergy are not
// history of the present illness, their drugs are not medications and their reactions are
// not diagnoses of the visit.
import type { Span } from '../../ports.ts';
import { answersNo } from '../language/index.ts';
import { namesOtherPerson, type Sentence } from '../transcript/index.ts';

export interface AllergyFound {
  /** As said, first letter capitalised ("Penicillin", "Sulfa"). */
  substance: string;
  substanceSpan: Span;
  /** As said, articles dropped ("rash", "hives, swelling"); absent when not said. */
  reaction?: string;
  reactionSpans: Span[];
}

export interface AllergyHistory {
  allergies: AllergyFound[];
  /** "No known drug allergies." / "No known allergies." with where it was said. */
  none?: { text: string; spans: Span[] };
  /** Indexes of the sentences that are allergy talk (statements and answers, not the questions). */
  sentences: Set<number>;
  /** Reactions and allergy words ("allergic", "allergy"): a diagnosis coded from these is not one of the visit. */
  reactionSpans: Span[];
}

// What an allergic or adverse reaction is called in conversation.
const REACTION = /\b(?:anaphyla\w*|hives|rash(?:es)?|itch(?:ed|es|ing|iness|y)?|swell(?:ing|s)?|swollen|welts|blisters?|(?:throat|tongue|lips?|face) (?:closing|closes|closed|swell\w*|swole|gets? (?:tight|swollen))|trouble breathing|short(?:ness)? of breath|can ?n?'?t breathe|wheez\w*|nause\w*|vomit\w*|throw(?:ing)? up|upset stomach|stomach upset|diarrhea|dizz\w*|palpitations|headaches?|flushing|redness|breaks? (?:me )?out|broke (?:me )?out)\b/gi;

// Reactions that say "allergy" on their own ("penicillin gives me hives"); side effects such as
// dizziness or nausea need the word allergic, or an answer to the allergy question.
const ALLERGIC = /\b(?:anaphyla\w*|hives|rash(?:es)?|itch(?:ed|es|ing|iness|y)?|swell(?:ing|s)?|swollen|welts|blisters?|(?:throat|tongue|lips?|face) (?:closing|closes|closed|swell\w*|swole)|trouble breathing|can ?n?'?t breathe)\b/i;

// "hydrocortisone made the itching better": a treatment, not a reaction.
const RELIEF = /\b(?:better|improv\w*|help\w*|go(?:es)? away|went away|resolv\w*|clear\w*|less|calm\w*|reliev\w*|stop\w*|soothe\w*|work\w*)\b/i;

// Allergens that are not drug names in the lexicon but are said as allergies.
const ALLERGENS = /^(?:sulfa(?: drugs?)?|sulfas|latex|iodine|contrast(?: dye)?|shellfish|peanuts?|tree nuts|nuts|eggs?|milk|dairy|bees?|bee stings?|wasps?|adhesive|tape|nickel|penicillins|pcn|cats?|dogs?|pollen|dust|mold|soy|wheat|gluten|fish|strawberries|morphine|codeine)$/i;

// Words after "allergic to" that are not a substance.
const NOT_SUBSTANCE = /^(?:any(?:thing)?|no(?:thing)?|none|some(?:thing)?|medications?|medicines?|meds|drugs?|it|that|this|them|those|these|stuff|things?|everything|seasonal|environmental|food|foods|what|something|a lot|lots)$/i;
const DETERMINERS = /^(?:the|a|an|any|some|all|my|those|these|that|this)\s+/i;
// Where a list of substances ends: a new clause ("it gives me hives"), a reason or a reaction.
const LIST_END = /[.;:!?]|,\s*(?=(?:it|they|that|which|and it|but|so|i|she|he|you|because|um|uh)\b)|\s(?=(?:it|they|which|that|but|because|so|gives?|gave|causes?|caused|makes?|made|when|since|i|she|he|you|as|from|for|with|after|if|though|too|also|as well|in)\b)/i;

// Asking whether the patient has allergies ("any allergies?", "allergic to any medications?"),
// not about seasonal allergies ("any trouble breathing with all the allergies?").
const ALLERGY_QUESTION = /\b(?:allergic|(?:any|other|known|drug|medication|medicine|food) allergies|allergies (?:to|that)|have (?:any )?allergies|allergies\W*$|reactions? to (?:any )?(?:medications?|medicines?|drugs?|antibiotics?))/i;
const DRUG_WORDS = /\b(?:medications?|medicines?|meds|drugs?|nkda)\b/i;
const NONE_SAID = /\b(?:nkda|no known (?:drug |medication |medicine )?allergies|no (?:drug |medication |medicine )?allergies|not allergic to (?:any|anything)\b|den(?:ies|ied|y) (?:any )?(?:drug |medication )?allergies|do(?:es)?\s*n'?t have (?:any |no )?(?:known )?(?:drug |medication )?allergies|(?:have|has)\s*n'?t (?:got )?(?:any )?(?:drug )?allergies|not allergic to any\w*)\b/i;
const NOT_ALLERGIC = /\b(?:not|never|n'?t|no)\s+(?:\w+\s+){0,2}(?:allergic|allerg\w*|reaction)/i;

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Substances named after "allergic to" (a short list: "percocet, vicodin and reglan"), as spans of `text`. */
function listAfter(text: string, from: number, limit: number): Span[] {
  const rest = text.slice(from, limit);
  const end = rest.search(LIST_END);
  const list = end >= 0 ? rest.slice(0, end) : rest;
  const out: Span[] = [];
  let offset = 0;
  for (const piece of list.split(/(,|\s(?:and|or|&)\s)/)) {
    const at = offset;
    offset += piece.length;
    if (/^(?:,|\s(?:and|or|&)\s)$/.test(piece)) continue;
    let start = at + (piece.length - piece.trimStart().length);
    let word = piece.trim();
    const det = DETERMINERS.exec(word);
    if (det) { start += det[0].length; word = word.slice(det[0].length); }
    word = word.replace(/\s+(?:drugs?|medications?|medicines?|antibiotics?)$/i, (m) => (/^sulfa/i.test(word) ? m : ''));
    if (!word || NOT_SUBSTANCE.test(word) || !/^[a-z][a-z' -]*$/i.test(word) || word.split(/\s+/).length > 3) {
      // A list whose first item is not a substance ("allergic to anything") names none.
      if (out.length === 0) return [];
      break;
    }
    out.push({ start: from + start, end: from + start + word.length });
  }
  return out;
}

interface Reading {
  text: string;
  sentences: Sentence[];
  /** A word (or phrase) that names a drug or a known allergen. */
  substanceIn(word: string): boolean;
  isDrug(word: string): boolean;
  /** Turns that answer an allergy question, and whether it asked about drugs. */
  answering: Map<number, boolean>;
  found: Map<string, AllergyFound>;
  used: Set<number>;
  reactionSpans: Span[];
  none?: AllergyHistory['none'];
}

/** The turn that answers an allergy question, and whether the question was about drugs. */
function answeringTurns(sentences: Sentence[]): Map<number, boolean> {
  const answering = new Map<number, boolean>();
  sentences.forEach((q, i) => {
    if (!q.question || q.role !== 'clinician' || !ALLERGY_QUESTION.test(q.text)) return;
    const next = sentences.slice(i + 1).find((s) => s.turn !== q.turn);
    if (next && next.role !== 'clinician') answering.set(next.turn, DRUG_WORDS.test(q.text));
  });
  return answering;
}

/** "allergic to X", "allergy to X", "allergic reaction to X", "reaction to X" (offsets into the sentence). */
function allergicTo(r: Reading, lower: string, answer: boolean, at: number): Span[] {
  const spans: Span[] = [];
  for (const m of lower.matchAll(/\b(?:allergic (?:reaction )?to|allerg(?:y|ies) to|reactions? to|allergies(?: are| include| to)?\s*:?)\s+/g)) {
    const before = lower.slice(0, m.index);
    if (NOT_ALLERGIC.test(before.slice(-25) + m[0])) continue;
    if (/^reactions? to/.test(m[0]) && !answer && !/\b(?:allerg\w*|bad|severe|mild|little|slight|had an?|have an?)\s+$/.test(before)) continue;
    if (/^allergies/.test(m[0]) && !/:|\bto\b|\bare\b|\binclude\b/.test(m[0])) continue;
    const listed = listAfter(lower, m.index + m[0].length, lower.length);
    // "avoid the dexamethasone, because you had a reaction to that": the drug named before.
    if (!listed.length && /^(?:that|it|this|them|those)\b/.test(lower.slice(m.index + m[0].length))) {
      const named = [...before.matchAll(/[a-z][a-z-]+/g)].filter((w) => r.isDrug(w[0])).pop();
      if (named) listed.push({ start: named.index, end: named.index + named[0].length });
    }
    spans.push(...listed.map((x) => ({ start: at + x.start, end: at + x.end })));
    const w = /allerg\w*/.exec(m[0]);
    if (w) r.reactionSpans.push({ start: at + m.index + w.index, end: at + m.index + w.index + w[0].length });
  }
  return spans;
}

/** "X allergy", "penicillin gives me a rash", "i get hives from shellfish". */
function reactionsNamed(r: Reading, lower: string, answer: boolean, at: number): Span[] {
  const spans: Span[] = [];
  for (const m of lower.matchAll(/\b([a-z][a-z-]{2,})\s+allerg(?:y|ies)\b/g)) {
    if (r.substanceIn(m[1]!)) spans.push({ start: at + m.index, end: at + m.index + m[1]!.length });
  }
  for (const m of lower.matchAll(/\b([a-z][a-z-]{2,})(?:[\s,]+(?:and|but|so)?\s*(?:that|it|which|this))?\s+(?:gives?|gave|causes?|caused|makes?|made|breaks?|broke|itched)\b/g)) {
    const rest = lower.slice(m.index + m[1]!.length, m.index + m[0].length + 40);
    if (r.substanceIn(m[1]!) && !RELIEF.test(rest) && (ALLERGIC.test(rest) || (answer && reactionsIn(rest, 0, rest.length).length > 0)) && !NOT_ALLERGIC.test(lower.slice(Math.max(0, m.index - 20), m.index + m[0].length))) {
      spans.push({ start: at + m.index, end: at + m.index + m[1]!.length });
    }
  }
  for (const m of lower.matchAll(/\b(?:get|gets|got|break out in|breaks out in|broke out in)\s+(?:a\s+|an\s+)?([a-z' ]{4,30}?)\s+(?:from|with|whenever i (?:take|eat|use)|when(?:ever)? i (?:take|eat|use))\s+(?:the\s+|any\s+)?([a-z][a-z-]+(?:\s+(?:drugs?|dye|stings?))?)/g)) {
    if (!ALLERGIC.test(m[1]!) || !r.substanceIn(m[2]!) || NOT_ALLERGIC.test(lower.slice(Math.max(0, m.index - 20), m.index))) continue;
    const from = m.index + m[0].length - m[2]!.length;
    spans.push({ start: at + from, end: at + from + m[2]!.length });
  }
  return spans;
}

/** The substances a statement names as allergies (offsets into the visit text). */
function substancesIn(r: Reading, s: Sentence, lower: string, answer: boolean): Span[] {
  const at = s.span.start;
  const spans = [...allergicTo(r, lower, answer, at), ...reactionsNamed(r, lower, answer, at)];
  // Answering "are you allergic to any medications?": the drugs named ("nope, just penicillin").
  if (answer && spans.length === 0 && !NOT_ALLERGIC.test(lower)) {
    for (const m of lower.matchAll(/[a-z][a-z-]+(?:\s+(?:drugs?|dye))?/g)) {
      if (r.substanceIn(m[0])) spans.push({ start: at + m.index, end: at + m.index + m[0].length });
    }
  }
  return spans;
}

/** "No known drug allergies": said outright, or a "no" to the allergy question. */
function noneIn(r: Reading, s: Sentence, i: number, lower: string, answer: boolean): void {
  let drug: boolean;
  if (answer && (answersNo(lower) || NONE_SAID.test(lower))) drug = r.answering.get(s.turn) || DRUG_WORDS.test(lower);
  else if (NONE_SAID.test(lower) && !/\bseasonal|environmental|food\b/.test(lower)) drug = /\b(?:drug|medication|medicine|nkda)\b/.test(lower);
  else return;
  r.none ??= { text: drug ? 'No known drug allergies.' : 'No known allergies.', spans: [] };
  r.none.spans.push(s.span);
  r.used.add(i);
}

/**
 * The reaction of each substance: said after it (before the next one), else anywhere in the
 * sentence, else in the next sentence of the same turn ("it gives me hives").
 */
function record(r: Reading, s: Sentence, i: number, spans: Span[]): void {
  const { text, sentences } = r;
  const sorted = spans.sort((a, b) => a.start - b.start).filter((x, k, all) => k === 0 || x.start >= all[k - 1]!.end);
  sorted.forEach((sp, k) => {
    const name = text.slice(sp.start, sp.end).replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    if (r.found.has(key)) return;
    const limit = sorted[k + 1]?.start ?? s.span.end;
    let reactions = reactionsIn(text, sp.end, limit);
    if (!reactions.length && sorted.length === 1) reactions = reactionsIn(text, s.span.start, s.span.end).filter((x) => x.end <= sp.start || x.start >= sp.end);
    const next = sentences[i + 1];
    if (!reactions.length && next && next.turn === s.turn && !next.question && /^\W*(?:and\s+)?(?:it|they|that|which|i get|i got|i break|i broke)\b/i.test(text.slice(next.span.start, next.span.end))) {
      reactions = reactionsIn(text, next.span.start, next.span.end);
      if (reactions.length) r.used.add(i + 1);
    }
    r.reactionSpans.push(...reactions);
    const words = [...new Set(reactions.map((x) => text.slice(x.start, x.end).toLowerCase().replace(/\s+/g, ' ')))];
    r.found.set(key, { substance: capitalise(name), substanceSpan: sp, ...(words.length ? { reaction: words.join(', ') } : {}), reactionSpans: reactions });
  });
}

/**
 * Finds allergies in the visit. `isDrug` says whether a word names a drug (lexicon, medication list).
 * Questions are never allergies; answers to an allergy question are read in its light.
 */
export function allergiesIn(text: string, sentences: Sentence[], isDrug: (word: string) => boolean): AllergyHistory {
  const r: Reading = {
    text, sentences, isDrug,
    substanceIn: (word) => isDrug(word) || ALLERGENS.test(word) || word.split(/\s+/).some((w) => isDrug(w)),
    answering: answeringTurns(sentences),
    found: new Map(), used: new Set(), reactionSpans: [],
  };
  sentences.forEach((s, i) => {
    if (s.question) return;
    const lower = text.slice(s.span.start, s.span.end).toLowerCase();
    if (namesOtherPerson(lower)) return;
    const answer = r.answering.has(s.turn);
    const spans = substancesIn(r, s, lower, answer);
    if (spans.length === 0) return noneIn(r, s, i, lower, answer);
    r.used.add(i);
    record(r, s, i, spans);
  });
  const allergies = [...r.found.values()];
  return { allergies, ...(allergies.length === 0 && r.none ? { none: r.none } : {}), sentences: r.used, reactionSpans: r.reactionSpans };
}

function reactionsIn(text: string, from: number, to: number): Span[] {
  const slice = text.slice(from, to);
  const out: Span[] = [];
  for (const m of slice.matchAll(REACTION)) {
    if (/^(?:breaks?|broke)/i.test(m[0])) continue; // "breaks me out" says how, not what
    out.push({ start: from + m.index, end: from + m.index + m[0].length });
  }
  return out;
}
