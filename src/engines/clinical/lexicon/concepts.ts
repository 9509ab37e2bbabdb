// Clinical concepts (data/lexicon/concepts.tsv): lay and clinical phrases → ICD-10-CM codes,
// matched longest-first over word tokens.
import { readFileSync } from 'node:fs';
import { phraseTokens, type Token } from './tokens.ts';
import { americanSpelling } from './british.ts';
import { languageData } from '../language/data.ts';
import { SIDE_WORDS as SIDES } from '../language/sides.ts';
import { lexiconTable, tsvRows } from './tables.ts';

export type ConceptKind = 'dx' | 'chronic' | 'symptom' | 'status' | 'ignore';

export interface Concept {
  /** Code per side: U (unspecified side, always present), R, L, B (bilateral). */
  codes: { U: string; R?: string; L?: string; B?: string };
  kind: ConceptKind;
  systems: string[];
  /** When mentioned as past history: '=' keep the code, '-' drop, else this code. */
  history: string;
  /** The first listed phrase, used as the concept's name. */
  name: string;
  /** Matched as a treated measure said with its control state ("blood pressure is at goal"): the clinician's assessment of it. */
  statesControl?: boolean;
  /** Matched as the treated measure alone ("for the blood pressure, …"): the condition only where the clinician heads it as a problem. */
  measureOnly?: boolean;
  /** A complaint in lay words the index codes to a disease ("sore throat" J02.9; concepts.tsv attribute `lay`): a symptom as said. */
  layComplaint?: boolean;
}

export interface ConceptMention {
  concept: Concept;
  start: number;
  end: number;
  /** Token index range [from, to) in the token list that was scanned. */
  from: number;
  to: number;
}

interface Node {
  next: Map<string, Node>;
  concept?: Concept;
}

const FILE = new URL('../../../../data/lexicon/concepts.tsv', import.meta.url);

export function parseConcepts(tsv: string): Concept[] {
  const out: Concept[] = [];
  for (const row of tsvRows(tsv)) {
    const [code, kind, systems, history, terms, attributes] = row;
    if (!code || !kind || !terms) throw new Error(`concepts.tsv: malformed row "${row.join('\t').slice(0, 30)}"`);
    const codes: Concept['codes'] = { U: code };
    if (code.includes(':')) {
      for (const part of code.split(',')) {
        const [side, c] = part.split(':') as ['R' | 'L' | 'B' | 'U', string];
        codes[side] = c;
      }
    }
    const concept: Concept = {
      codes,
      kind: kind as ConceptKind,
      systems: (systems ?? '').split(','),
      history: history ?? '-',
      name: terms.split('|')[0]!,
    };
    if ((attributes ?? '').split(',').includes('lay')) concept.layComplaint = true;
    (concept as Concept & { terms: string[] }).terms = terms.split('|');
    out.push(concept);
  }
  return out;
}

let cached: { concepts: Concept[]; root: Node } | undefined;

// Determiners a lay phrase may take in any of its forms ("pain in my/your/the hip": data/language/en/coding.json concept_determiners).
const DETERMINER = '\u0000det';
let determiners: Set<string> | undefined;
// Words that name the same in a lay phrase ("difficulty/trouble hearing": coding.json concept_equivalents).
let equivalents: Map<string, string> | undefined;
/** The token as the concept tree keys it: every determiner as one key, an equivalent word as the one it stands for. */
function conceptKey(norm: string): string {
  determiners ??= new Set(languageData<{ concept_determiners: { words: string[] } }>('coding').concept_determiners.words);
  equivalents ??= new Map(Object.entries(languageData<{ concept_equivalents: { words: Record<string, string> } }>('coding').concept_equivalents.words));
  return determiners.has(norm) ? DETERMINER : equivalents.get(norm) ?? norm;
}

/**
 * The English plural of a phrase's last word, so a term is also read in the plural: "abscess" →
 * "abscesses", "rash" → "rashes", "ulcer" → "ulcers"; none for a word already plural or not a word.
 */
function pluralOf(word: string): string | undefined {
  if (!/[a-z]{3}$/.test(word)) return undefined;
  if (/(?:ss|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return word.endsWith('s') ? undefined : `${word}s`;
}

interface ParticipleVerbs { participles: Record<string, string[]>; determiners: string[] }
/**
 * A phrase opening with a past participle ("torn rotator cuff") said with the verb and a determiner
 * ("tore my rotator cuff", "torn that rotator cuff"): coding.json participle_verbs.
 */
function verbForms(toks: readonly string[]): string[][] {
  const { participles, determiners: dets } = languageData<{ participle_verbs: ParticipleVerbs }>('coding').participle_verbs;
  const verbs = toks.length > 1 ? participles[toks[0]!] : undefined;
  return (verbs ?? []).flatMap((verb) => dets.map((det) => [verb, det, ...toks.slice(1)]));
}

export function conceptLexicon(): { concepts: Concept[]; root: Node } {
  if (cached) return cached;
  const concepts = parseConcepts(readFileSync(FILE, 'utf8'));
  const root: Node = { next: new Map() };
  const add = (toks: string[], concept: Concept): void => {
    let node = root;
    for (const t of toks.map(conceptKey)) {
      let n = node.next.get(t);
      if (!n) node.next.set(t, (n = { next: new Map() }));
      node = n;
    }
    node.concept ??= concept; // first listing wins
  };
  for (const { concept, phrases } of measureStates(concepts)) for (const p of phrases) add(p, concept);
  for (const c of concepts) {
    for (const term of (c as Concept & { terms: string[] }).terms) {
      // British spellings are matched as the American forms (british.ts), in phrase and text alike.
      const toks = phraseTokens(term).map(americanSpelling);
      if (toks.length === 0) continue;
      add(toks, c);
      const many = pluralOf(toks[toks.length - 1]!);
      if (many) add([...toks.slice(0, -1), many], c);
      for (const verbal of verbForms(toks)) add(verbal, c);
    }
  }
  cached = { concepts, root };
  return cached;
}

interface MeasureStates { links: string[]; states: string[] }

/**
 * The phrases of a treated measure said with its control state (data/lexicon/managed-measures.tsv
 * × data/language/en/coding.json measure_states: "blood pressure is at goal"), each with the
 * chronic condition's concept marked as so stated; and the measure alone, marked as such (a
 * problem heading makes it the condition: "for the blood pressure, I'll increase the losartan").
 */
function measureStates(concepts: readonly Concept[]): { concept: Concept; phrases: string[][] }[] {
  const { links, states } = languageData<{ measure_states: MeasureStates }>('coding').measure_states;
  const out: { concept: Concept; phrases: string[][] }[] = [];
  for (const [code, measures] of lexiconTable('managed-measures.tsv')) {
    const base = concepts.find((c) => c.codes.U === code);
    if (!base || !measures) throw new Error(`managed-measures.tsv: no concept codes ${code}`);
    const concept: Concept = { codes: base.codes, kind: base.kind, systems: base.systems, history: base.history, name: base.name, statesControl: true };
    const phrases: string[][] = [];
    for (const measure of measures.split('|')) {
      for (const link of links) for (const state of states) phrases.push(phraseTokens(`${measure} ${link} ${state}`).map(americanSpelling));
    }
    out.push({ concept, phrases });
    const alone: Concept = { ...concept, statesControl: false, measureOnly: true };
    out.push({ concept: alone, phrases: measures.split('|').map((m) => phraseTokens(m).map(americanSpelling)) });
  }
  return out;
}

// Side words read past inside a phrase (language/sides.ts); "both" is not, as it also starts a list ("both knees and hips").
const SIDE_WORDS = new Set(Object.keys(SIDES).filter((w) => w !== 'both'));

/** Longest non-overlapping concept mentions, left to right. */
export function findConcepts(tokens: readonly Token[]): ConceptMention[] {
  const { root } = conceptLexicon();
  const out: ConceptMention[] = [];
  let i = 0;
  while (i < tokens.length) {
    let node: Node | undefined = root;
    let best: { to: number; concept: Concept } | undefined;
    for (let j = i; j < tokens.length && node; j++) {
      const norm = americanSpelling(tokens[j]!.norm);
      // "pain in my right knee": a side word inside a phrase is read past (laterality is
      // resolved from the words around the mention).
      if (j > i && SIDE_WORDS.has(norm) && !node.next.has(norm)) continue;
      node = node.next.get(conceptKey(norm));
      if (node?.concept) best = { to: j + 1, concept: node.concept };
    }
    if (!best) {
      i++;
      continue;
    }
    out.push({ concept: best.concept, start: tokens[i]!.start, end: tokens[best.to - 1]!.end, from: i, to: best.to });
    i = best.to;
  }
  return out;
}
