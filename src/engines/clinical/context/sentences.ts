// Sentence splitting that keeps character offsets into the caller's text.
import type { Span } from '../../ports.ts';
import { CLAUSE_OPENER, DISCOURSE_MARKER } from '../language/run-on.ts';

// Words whose trailing period does not end a sentence.
const ABBREVIATIONS = new Set([
  'dr', 'mr', 'mrs', 'ms', 'st', 'vs', 'etc', 'e.g', 'i.e', 'approx', 'no', 'mg', 'mcg', 'ml',
  'b.i.d', 't.i.d', 'q.i.d', 'p.o', 'q.d', 'a.m', 'p.m', 'pt', 'hx', 'dx', 'sx', 'fig', 'jr', 'sr',
]);

// Unpunctuated speech (ASR output) runs on for a whole turn. A long run is cut before a cue,
// once it has more than `longerThan` words, into pieces of at least `minWords` words.
/** One way to cut a long unpunctuated run: before each match of `before` (a global RegExp). */
export interface RunCut { before: RegExp; longerThan: number; minWords: number }

/** Before discourse markers ("okay", "so", "and then"), so that negation and question scopes stay local. */
export const AT_MARKERS: RunCut = { before: DISCOURSE_MARKER, longerThan: 25, minWords: 5 };
/**
 * Then before clause openers ("i think", "which"), so each note sentence says one thing and a
 * word budget can choose between them: the visit reader's second cut. The assertion engine and
 * the coder keep the longer pieces, whose scopes span those clauses.
 */
export const AT_CLAUSES: RunCut = { before: CLAUSE_OPENER, longerThan: 30, minWords: 8 };

/**
 * Split text into sentence spans. Boundaries: a line break, or `.`, `!`, `?`, `;`
 * followed by space/end (not a decimal point, not an abbreviation's period); then each long
 * run is cut by `cuts`, in order. Leading and trailing whitespace is trimmed from each span;
 * empty spans are dropped.
 */
export function splitSentences(text: string, cuts: readonly RunCut[] = [AT_MARKERS]): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) spans.push(...cutRuns(text, { start: s, end: e }, cuts));
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n' || ch === '\r') {
      push(i);
      start = i + 1;
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?' && ch !== ';') continue;
    const next = text[i + 1];
    if (next !== undefined && !/\s/.test(next) && next !== '"' && next !== "'" && next !== ')') continue;
    if (ch === '.' && (isAbbreviation(text, i) || isSpokenDecimal(text, i))) continue;
    push(i + 1);
    start = i + 1;
  }
  push(text.length);
  return spans;
}

function cutRuns(text: string, span: Span, cuts: readonly RunCut[]): Span[] {
  return cuts.reduce<Span[]>((pieces, cut) => pieces.flatMap((p) => cutRun(text, p, cut)), [span]);
}

const wordCount = (s: string): number => s.match(/\S+/g)?.length ?? 0;

function cutRun(text: string, span: Span, cut: RunCut): Span[] {
  const run = text.slice(span.start, span.end);
  if (wordCount(run) <= cut.longerThan) return [span];
  const pieces: Span[] = [];
  let from = 0;
  for (const m of run.matchAll(cut.before)) {
    if (wordCount(run.slice(from, m.index)) < cut.minWords) continue;
    pieces.push({ start: span.start + from, end: span.start + run.slice(0, m.index).trimEnd().length });
    from = m.index;
  }
  pieces.push({ start: span.start + from, end: span.end });
  return pieces;
}

/** The sentence span that contains `offset` (or the nearest one before it). */
export function sentenceAt(sentences: readonly Span[], offset: number): Span | undefined {
  let lo = 0;
  let hi = sentences.length - 1;
  let found: Span | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sentences[mid]!;
    if (s.start <= offset) {
      found = s;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

// ASR writes the "point" of a spoken temperature as a full stop: "temperature is ninety
// eight . seven", "a fever of about a hundred . four". That stop does not end the sentence.
const TEMPERATURE_CUE = /\b(?:temperature|temp|fever|febrile|degrees)\b/i;
const WHOLE_DEGREES = /\b(?:ninety(?:[- ](?:two|three|four|five|six|seven|eight|nine))?|(?:a |one )?hundred(?: and (?:one|two|three|four|five))?|thirty[- ](?:five|six|seven|eight|nine)|forty(?:[- ](?:one|two))?|9\d|10\d|3[5-9]|4[0-2])\s+$/i;
const TENTHS = /^\s+(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d)\b(?!\s*(?:percent|%|\/|over\b))/i;

function isSpokenDecimal(text: string, dot: number): boolean {
  const before = text.slice(Math.max(0, dot - 60), dot);
  return WHOLE_DEGREES.test(before) && TEMPERATURE_CUE.test(before) && TENTHS.test(text.slice(dot + 1, dot + 24));
}

// What follows the abbreviation "No." of a number: a numeral or a number sign.
const NUMBER_AFTER = /^\s*[#\d]/;

function isAbbreviation(text: string, dot: number): boolean {
  let s = dot;
  while (s > 0 && /[A-Za-z.]/.test(text[s - 1]!)) s--;
  const word = text.slice(s, dot).toLowerCase();
  if (word.length === 0) return false;
  // "No." abbreviates "number" only before one ("No. 5"); before anything else it is the answer
  // "No." and ends its sentence ("No. She has a cough.").
  if (word === 'no') return NUMBER_AFTER.test(text.slice(dot + 1, dot + 8));
  if (ABBREVIATIONS.has(word)) return true;
  // A single capital initial ("J. Smith").
  return /^[a-z]$/.test(word) && /[A-Z]/.test(text[dot - 1]!);
}
