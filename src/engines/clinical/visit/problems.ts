// Problems of the visit: conditions coded to ICD-10-CM with their assertion context, and how plan talk names them.
import type { Span } from '../../ports.ts';
import type { codeText } from '../coding/index.ts';
import { assertionsFor } from '../context/index.ts';
import { findConcepts, tokenize } from '../lexicon/index.ts';
import type { Problem, VisitSentence } from './types.ts';

/** What the coding engine found in the transcript. */
export type Coded = ReturnType<typeof codeText>;

const MIN_CONFIDENCE = 0.5;
const MAX_PROBLEMS = 8;

// Words of a condition's name that do not pick it out from others.
const GENERIC_PROBLEM_WORD = /^(?:acute|chronic|severe|mild|moderate|right|left|bilateral|upper|lower|type|pain|disease|disorder|syndrome|infection|unspecified|other|little|early)$/;

/** A condition as the visit said it ("congestive heart failure"), or its ICD title when the mention is a fragment. */
function spokenName(mention: string, title: string): string {
  const m = mention.replace(/\s+/g, ' ').trim();
  const t = (m.split(' ').length >= 2 || m.length >= 6) && /^[a-z0-9 '-]+$/i.test(m) ? m : title.replace(/, unspecified$/i, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/**
 * Conditions the visit asserts, in the order first said. A reaction in the allergy history
 * ("penicillin gives me a rash") is not a problem of this visit.
 */
export function problemsIn(text: string, coded: Coded, sentences: readonly VisitSentence[], allergyReactions: readonly Span[]): Problem[] {
  return coded.diagnoses
    .map((d) => ({ d, span: { start: d.text_span.start_char, end: d.text_span.end_char } }))
    .filter(({ d, span }) => (d.confidence ?? 1) >= MIN_CONFIDENCE && !allergyReactions.some((r) => overlaps(r, span)))
    .sort((a, b) => a.span.start - b.span.start)
    .slice(0, MAX_PROBLEMS)
    .map(({ d, span }) => {
      const sentence = sentences.find((s) => s.span.start <= span.start && span.start < s.span.end);
      return {
        name: spokenName(d.text_span.text, d.code.text),
        title: d.code.text,
        icd: d.code.coding[0]?.code,
        span,
        confidence: d.confidence ?? 1,
        chronic: findConcepts(tokenize(d.text_span.text)).some((m) => m.concept.kind === 'chronic'),
        assertion: assertionsFor(text, span, sentence?.span),
      };
    });
}

/** Lower-case words with single spaces, padded, so a name is found by whole words without a RegExp. */
const words = (text: string): string => ` ${text.toLowerCase().replace(/[^a-z0-9']+/g, ' ').trim()} `;

export interface ProblemNamer {
  /** Index of the problem a piece of plan talk names, or -1. */
  named(text: string): number;
}

/**
 * Names the problems by their words as said, or by their main word ("your diabetes" for
 * "diabetes type 2", "the lumbar area" for "lumbar strain").
 */
export function problemNamer(text: string, problems: readonly Problem[]): ProblemNamer {
  const names = problems.map((p) => words(text.slice(p.span.start, p.span.end)).trim());
  const heads = names.map((n) => n.split(' ').find((w) => w.length >= 5 && !GENERIC_PROBLEM_WORD.test(w)));
  return {
    named(said: string): number {
      const w = words(said);
      const full = names.findIndex((n) => n.length > 3 && w.includes(` ${n} `));
      return full >= 0 ? full : heads.findIndex((h) => h !== undefined && w.includes(` ${h} `));
    },
  };
}
