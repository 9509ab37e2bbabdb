// A Grounder over a transcript (or any clinical text), built on the embedded engine's
// readers and lexicons: sentences with spans, the Orange Book drug lexicon, the concept
// lexicon (lay and clinical phrases → ICD-10-CM), spoken-number and vital-sign readers.
import type { Span } from '../ports.ts';
import { editDistance, tokenize, type Token } from '../clinical/lexicon/index.ts';
import { spokenNumbersToDigits, vitalsIn, type Vitals } from '../clinical/numbers/index.ts';
import { readTranscript } from '../clinical/transcript/index.ts';
import { conceptCodes } from './concept-codes.ts';
import { drugTerms } from './drugs.ts';
import { groundingWords } from './language.ts';
import type { FactKind, Grounder } from './types.ts';

interface SourceSentence {
  span: Span;
  /** Lower-case, spoken numbers as digits. */
  norm: string;
  numbers: Set<string>;
  vitals: Vitals;
  words: Set<string>;
  codes: Set<string>;
}

/** Spoken numbers as digits, hyphenated ones too ("ninety-five" → 95), lower-cased. */
export function withDigits(text: string): string {
  return spokenNumbersToDigits(text.replace(/\b([a-z]+ty)-([a-z]+)\b/gi, '$1 $2').replace(/\ba (hundred|thousand)\b/gi, 'one $1')).toLowerCase();
}

/** Numbers as written in one text: "1,000" → "1000", "20.0" → "20". */
export function numbersIn(text: string): string[] {
  return [...withDigits(text).replace(/(\d),(\d{3})\b/g, '$1$2').matchAll(/\d+(?:\.\d+)?/g)].map((m) => String(Number(m[0])));
}

/** Words that carry meaning: not stop words, at least three letters. */
export function contentWords(text: string): string[] {
  const { stopWords } = groundingWords();
  return tokenize(text.toLowerCase()).map((t) => t.norm).filter((w) => w.length >= 3 && !/^\d/.test(w) && !stopWords.has(w));
}

/** Two spellings of one word: equal, or a small slip (ASR, British/American) on a long word. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const len = Math.min(a.length, b.length);
  if (len < 6 || Math.abs(a.length - b.length) > 2) return false;
  // A shared stem: "hypertensive" / "hypertension".
  if (len >= 7 && a.slice(0, len - 2) === b.slice(0, len - 2)) return true;
  return editDistance(a, b, 2) <= (len >= 9 ? 2 : 1);
}

/** A transcript word that names a drug other than `generic`. */
function otherDrug(word: string, generic: string): boolean {
  const generics = drugTerms(word);
  return generics.length > 0 && !generics.includes(generic);
}

export class TranscriptGrounder implements Grounder {
  private readonly sentences: SourceSentence[];
  private readonly tokens: Token[];
  /** Drug generic → spans where the transcript names it (by generic or any brand). */
  private readonly drugs = new Map<string, Span[]>();
  /** Start of a drug mention → every mention of the same drug (a dose may be said at any of them). */
  private readonly sameDrug = new Map<number, Span[]>();

  constructor(private readonly text: string) {
    this.tokens = tokenize(text);
    const read = readTranscript(text).sentences;
    const spans = read.length ? read.map((s) => ({ span: s.span, said: s.text })) : [{ span: { start: 0, end: text.length }, said: text }];
    // Sentences and tokens are both in text order: one pass hands each sentence its tokens.
    let next = 0;
    this.sentences = spans.map(({ span, said }) => {
      const norm = withDigits(said);
      while (next < this.tokens.length && this.tokens[next]!.start < span.start) next++;
      const own: Token[] = [];
      for (let k = next; k < this.tokens.length && this.tokens[k]!.start < span.end; k++) if (this.tokens[k]!.end <= span.end) own.push(this.tokens[k]!);
      return {
        span,
        norm,
        numbers: new Set(numbersIn(said)),
        vitals: vitalsIn(norm, said),
        words: new Set(contentWords(said)),
        codes: new Set(conceptCodes(text, own)),
      };
    });
    for (const t of this.tokens) {
      for (const generic of drugTerms(t.norm)) this.drugs.set(generic, [...(this.drugs.get(generic) ?? []), { start: t.start, end: t.end }]);
    }
    for (const spans of this.drugs.values()) for (const span of spans) this.sameDrug.set(span.start, [...(this.sameDrug.get(span.start) ?? []), ...spans]);
  }

  locate(kind: FactKind, claim: string, near?: Span): Span | null {
    switch (kind) {
      case 'medication':
      case 'allergy':
        return this.drug(claim) ?? this.words(claim, 1, true);
      case 'dose':
        return this.numbers(claim, near, 2);
      case 'vital':
        return this.vital(claim);
      case 'result':
        return numbersIn(claim).length ? this.numbers(claim, near, 1) : this.words(claim, 0.6);
      case 'diagnosis':
      case 'code':
        return this.concept(claim) ?? this.words(claim, 0.6);
    }
  }

  /** A drug the claim names, found by generic (brand and generic are one drug) or spelling. */
  private drug(claim: string): Span | null {
    const named = tokenize(claim).flatMap((t) => drugTerms(t.norm).map((generic) => ({ word: t.norm, generic })));
    if (named.length === 0) return null;
    for (const { word, generic } of named) {
      const spans = this.drugs.get(generic);
      if (spans?.length) return spans[0]!;
      // A near spelling is the same drug misheard, unless the transcript word is another drug
      // ("zorvastatin" is not "atorvastatin").
      const similar = this.tokens.find((t) => t.norm.length >= 6 && sameWord(t.norm, word) && !otherDrug(t.norm, generic));
      if (similar) return { start: similar.start, end: similar.end };
    }
    return null;
  }

  /** A sentence (or two in a row) that says every number of the claim; near `near` when given. */
  private numbers(claim: string, near: Span | undefined, reach: number): Span | null {
    const wanted = numbersIn(claim);
    if (wanted.length === 0) return null;
    const around = near ? (this.sameDrug.get(near.start) ?? [near]) : [];
    const anchors = around.map((a) => this.sentences.findIndex((s) => s.span.start <= a.start && a.start < s.span.end + 1)).filter((i) => i >= 0);
    for (let i = 0; i < this.sentences.length; i++) {
      if (near && !anchors.some((a) => Math.abs(i - a) <= reach)) continue;
      const here = this.sentences[i]!;
      const next = this.sentences[i + 1];
      if (wanted.every((n) => here.numbers.has(n))) return here.span;
      if (next && wanted.every((n) => here.numbers.has(n) || next.numbers.has(n))) return { start: here.span.start, end: next.span.end };
    }
    return null;
  }

  /** A vital sign of the same kind and value, or the same numbers said together. */
  private vital(claim: string): Span | null {
    const said = vitalsIn(withDigits(claim), claim);
    const kinds = Object.entries(said) as [keyof Vitals, string][];
    if (kinds.length === 0) return this.numbers(claim, undefined, 1);
    for (const [kind, value] of kinds) {
      const want = numbersIn(value).join('/');
      const found = this.sentences.find((s) => s.vitals[kind] !== undefined && numbersIn(s.vitals[kind]!).join('/') === want);
      if (!found) return this.numbers(value, undefined, 1);
      if (kinds.length === 1) return found.span;
    }
    return this.numbers(claim, undefined, 1);
  }

  /** A condition with the same ICD-10-CM concept, or its category (first three characters). */
  private concept(claim: string): Span | null {
    const codes = conceptCodes(claim, tokenize(claim));
    const direct = /\b([A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?)\b/.exec(claim)?.[1];
    if (direct) codes.push(direct);
    for (const code of codes) {
      const hit = this.sentences.find((s) => s.codes.has(code)) ?? this.sentences.find((s) => [...s.codes].some((c) => c.slice(0, 3) === code.slice(0, 3)));
      if (hit) return hit.span;
    }
    return null;
  }

  /** A sentence (or two in a row) holding at least `share` of the claim's content words; for a
   * drug name, a near spelling must not be a known drug itself. */
  private words(claim: string, share: number, drugName = false): Span | null {
    const wanted = [...new Set(contentWords(claim))];
    if (wanted.length === 0) return null;
    const has = (s: SourceSentence, w: string) => s.words.has(w) || [...s.words].some((x) => sameWord(x, w) && !(drugName && drugTerms(x).length > 0));
    let best: { span: Span; score: number } | undefined;
    for (let i = 0; i < this.sentences.length; i++) {
      const pair = [this.sentences[i]!, this.sentences[i + 1]].filter((s): s is SourceSentence => s !== undefined);
      const score = wanted.filter((w) => pair.some((s) => has(s, w))).length / wanted.length;
      if (score >= share && (!best || score > best.score)) best = { span: { start: pair[0]!.span.start, end: pair.at(-1)!.span.end }, score };
      if (best?.score === 1) break;
    }
    return best?.span ?? null;
  }
}
