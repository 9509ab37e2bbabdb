// The ICD-10-CM Alphabetic Index as a phrase lookup (data/icd10cm/coding-index.tsv, built by
// scripts/build-coding-index.ts): main terms, main term + subterm and "see" references, for
// conditions the hand-written concepts (data/lexicon/concepts.tsv) do not name.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { americanSpelling, type Concept, type ConceptMention, type Token } from '../lexicon/index.ts';
import { systemsOf } from './systems.ts';
import { yieldsToSubterm } from './main-terms.ts';
import { codingCues } from '../language/coding.ts';
import { sexedTerm } from './index-sexes.ts';

const FILE = new URL('../../../../data/icd10cm/coding-index.tsv', import.meta.url);

interface IndexTable {
  /** Phrase (tokens joined by one space) → code spec. */
  specs: Map<string, string>;
  /** First word of the phrases → the most words of a phrase it starts (n-grams are looked up only from these). */
  firsts: Map<string, number>;
  /** Every run of a phrase's first words that a longer phrase goes on from: a lookup stops where none does. */
  prefixes: Set<string>;
}
let table: IndexTable | undefined;
const concepts = new Map<string, Concept>();

/** The table, read once: a Map of phrases, so the first call stays short (no tokenizing). */
function addLines(t: IndexTable, lines: readonly string[], from: number, to: number): void {
  for (let n = from; n < to; n++) {
    const line = lines[n]!;
    const tab = line.indexOf('\t');
    if (tab < 0 || line.startsWith('#')) continue;
    const phrase = line.slice(0, tab);
    t.specs.set(phrase, line.slice(tab + 1));
    const space = phrase.indexOf(' ');
    const first = space < 0 ? phrase : phrase.slice(0, space);
    let words = 1;
    for (let i = space; i >= 0; i = phrase.indexOf(' ', i + 1)) {
      words++;
      t.prefixes.add(phrase.slice(0, i));
    }
    if (words > (t.firsts.get(first) ?? 0)) t.firsts.set(first, words);
  }
}

/** The table, read at once when a visit needs it before preloadIndex() has finished. */
function indexTable(): IndexTable {
  if (table) return table;
  const t: IndexTable = { specs: new Map(), firsts: new Map(), prefixes: new Set() };
  const lines = readFileSync(FILE, 'utf8').split('\n');
  addLines(t, lines, 0, lines.length);
  table = t;
  return table;
}

// Lines read per turn of the event loop while preloading (a service answers requests meanwhile).
const PRELOAD_SLICE = 4000;
let preloading: Promise<void> | undefined;

/**
 * Read the table in slices between turns of the event loop, so a service's first coding
 * request does not stall every other request for the whole load. Resolves once it is ready.
 */
export function preloadIndex(): Promise<void> {
  preloading ??= (async () => {
    if (table) return;
    const lines = (await readFile(FILE, 'utf8')).split('\n');
    const t: IndexTable = { specs: new Map(), firsts: new Map(), prefixes: new Set() };
    for (let from = 0; from < lines.length; from += PRELOAD_SLICE) {
      addLines(t, lines, from, Math.min(lines.length, from + PRELOAD_SLICE));
      await new Promise((resolve) => setImmediate(resolve));
      if (table) return; // a visit loaded it at once meanwhile
    }
    table = t;
  })();
  return preloading;
}

/** "R:M77.11,L:M77.12,U:M77.10" or "K52.9" → codes by side. */
function codesOf(spec: string): Concept['codes'] {
  if (!spec.includes(':')) return { U: spec };
  const codes: Record<string, string> = {};
  for (const part of spec.split(',')) {
    const [side, code] = part.split(':');
    codes[side!] = code!;
  }
  return codes as Concept['codes'];
}

/** Chapter XVIII (R) codes and marked entries are signs and symptoms; Z codes statuses; the rest diagnoses. */
function kindOf(code: string, marked: boolean): Concept['kind'] {
  return marked || code.startsWith('R') ? 'symptom' : code.startsWith('Z') ? 'status' : 'dx';
}

/** One concept per phrase (so repeated mentions of it group as one condition). */
function conceptOf(phrase: string, spec: string): Concept {
  let c = concepts.get(phrase);
  if (!c) {
    const [codeSpec, mark] = spec.split('\t');
    const codes = codesOf(codeSpec!);
    const kind = kindOf(codes.U, (mark ?? '').split(',').includes('symptom'));
    concepts.set(phrase, (c = { codes, kind, systems: systemsOf(codes.U), history: '-', name: phrase }));
  }
  return c;
}

/** The concept of an index phrase as the table holds it ("knee joint pain"), if it does. */
export function indexConcept(phrase: string): Concept | undefined {
  const spec = indexTable().specs.get(phrase);
  return spec === undefined ? undefined : conceptOf(phrase, spec);
}

/**
 * The singular of a plural noun ("tics" → "tic", "polyps", "allergies" → "allergy", "abscesses"
 * → "abscess"); the index names a condition in the singular. Not "-ss", "-us", "-is" (arthritis).
 */
function singular(word: string): string | undefined {
  if (word.length < 4 || !word.endsWith('s') || /(?:ss|us|is)$/.test(word)) return undefined;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const LATIN = codingCues().latin_plurals.endings.map(([plural, one]) => ({ plural: plural!, one: one! }));

/**
 * The singulars a plural may have: the English one, and the Latin or Greek ones of clinical nouns
 * ("metastases" → "metastasis", "calculi" → "calculus", "diverticula" → "diverticulum").
 */
function singulars(word: string): readonly string[] {
  const seen = singularsOf.get(word);
  if (seen) return seen;
  const out = singularsFresh(word);
  if (singularsOf.size < MAX_CACHED_WORDS) singularsOf.set(word, out);
  return out;
}

// Every token of every visit asks: the words repeat, so each is worked out once.
const singularsOf = new Map<string, readonly string[]>();
const MAX_CACHED_WORDS = 50_000;

function singularsFresh(word: string): string[] {
  const out: string[] = [];
  const one = singular(word);
  if (one !== undefined) out.push(one);
  for (const { plural, one: to } of LATIN) {
    if (word.length > plural.length + 3 && word.endsWith(plural)) out.push(word.slice(0, -plural.length) + to);
  }
  return out;
}

/**
 * The longest index phrase starting at token i: [phrase, spec, tokens], if any. The last word is
 * read in the plural or not; a plural first word ("migraines without aura") is read as its singular
 * only when a longer phrase goes on from it (the index's main term before its subterm, "Migraine,
 * without aura" G43.009), else it is a phrase of one ("polyps").
 */
function longestAt(norms: readonly string[], i: number): { phrase: string; spec: string; to: number } | undefined {
  const { specs, firsts } = indexTable();
  const first = norms[i]!;
  let best = firsts.has(first) ? longestFrom(norms, i, first, firsts.get(first)!) : undefined;
  for (const one of singulars(first)) {
    const longest = firsts.get(one);
    const read = longest ? longestFrom(norms, i, one, longest) : undefined;
    if (read && read.to > i + 1 && (!best || read.to > best.to)) best = read;
  }
  if (best) return best;
  const alone = singulars(first).find((one) => specs.has(one));
  return alone ? { phrase: alone, spec: specs.get(alone)!, to: i + 1 } : undefined;
}

/** The longest index phrase of at most `longest` words from token i, its first word read as `first`. */
function longestFrom(norms: readonly string[], i: number, first: string, longest: number): { phrase: string; spec: string; to: number } | undefined {
  const { specs, prefixes } = indexTable();
  let phrase = '';
  let best: { phrase: string; spec: string; to: number } | undefined;
  for (let j = i; j < norms.length && j < i + longest; j++) {
    const norm = j === i ? first : norms[j]!;
    const asSaid = phrase ? `${phrase} ${norm}` : norm;
    const spec = specs.get(asSaid);
    if (spec) best = { phrase: asSaid, spec, to: j + 1 };
    else if (j > i) {
      for (const stem of singulars(norm)) {
        const asOne = `${phrase} ${stem}`;
        const one = specs.get(asOne);
        if (one) {
          best = { phrase: asOne, spec: one, to: j + 1 };
          break;
        }
      }
    }
    // No longer phrase goes on from these words: the rest of the span cannot match.
    if (!prefixes.has(asSaid)) break;
    phrase = asSaid;
  }
  return best;
}

const OF_PHRASE = codingCues().index_of_phrase;
const LINKS = new Set(OF_PHRASE.links);
const SKIPPED = new Set(OF_PHRASE.skipped);
// Heads whose site is said after "in" ("foreign body in the nostril"), as the tabular titles say it.
const IN_HEADS = new Set(OF_PHRASE.in_heads ?? []);
// The most words read after "of" (the index's qualifiers before a head are at most four words).
const OF_WORDS = 4;

/**
 * The head word at token i said with its qualifier after "of" ("infection of the urinary
 * tract", "cancers of the skin"), looked up as the index says it, qualifier first ("urinary tract
 * infection"): [phrase, spec, tokens], the longest, if any.
 */
function ofInverted(tokens: readonly Token[], i: number): { phrase: string; spec: string; to: number } | undefined {
  // A head of one word, or two ("malignant neoplasm of the thyroid"), then "of".
  const inHead = tokens[i + 2]?.norm === 'in' && IN_HEADS.has(`${tokens[i]!.norm} ${tokens[i + 1]?.norm ?? ''}`);
  const size = LINKS.has(tokens[i + 1]?.norm ?? '') ? 1 : LINKS.has(tokens[i + 2]?.norm ?? '') || inHead ? 2 : 0;
  if (size === 0) return undefined;
  const { specs } = indexTable();
  const lead = size === 2 ? `${tokens[i]!.norm} ` : '';
  const last = tokens[i + size - 1]!.norm;
  const heads = [last, ...singulars(last)].map((h) => lead + h);
  let j = i + size + 1;
  while (j < tokens.length && SKIPPED.has(tokens[j]!.norm)) j++;
  let best: { phrase: string; spec: string; to: number } | undefined;
  const words: string[] = [];
  for (let k = j; k < tokens.length && k < j + OF_WORDS; k++) {
    words.push(tokens[k]!.norm);
    for (const h of heads) {
      const phrase = `${words.join(' ')} ${h}`;
      const spec = specs.get(phrase);
      if (spec) best = { phrase, spec, to: k + 1 };
    }
  }
  return best;
}

/** An abbreviation's entry (marked `abbr`) is read only as written in capitals ("PNA", not "pna"). */
function writtenAsAbbreviation(spec: string, said: string): boolean {
  const mark = spec.split('\t')[1];
  return !mark?.split(',').includes('abbr') || /^[A-Z][A-Z0-9]*$/.test(said);
}

// Z codes are assigned only where the guidelines call for them (issue #18 policy); of those
// an index phrase can name, the encounter reasons (Z00 general examination, Z01 special
// examination). Status, screening and therapy Z codes need more than a phrase.
const Z_BY_PHRASE = /^Z0[01]\./;
// A phrase runs within one sentence or turn, and not across a list comma: "…syndrome. Congenital…"
// is two, and so is "anxiety, depression" (not Anxiety, depression F41.8).
const BREAK = /[.?!;,\n]/;

/**
 * Does the index entry at [start, end) refine the named concept `m` it holds, as a subterm
 * refines its main term ("refractory anemia" D46.4 around "anemia" D64.9)? Then it wins.
 */
function refines(entry: Concept, m: ConceptMention, start: number, end: number): boolean {
  if (!(start <= m.start && m.end <= end && end - start > m.end - m.start)) return false;
  // A phrase kept from coding ("urinary tract") inside a longer index entry is part of its name
  // ("infection of the urinary tract" N39.0).
  if (m.concept.kind === 'ignore') return true;
  // Injuries (chapter XIX) take their site and side from the injury tables (specify.ts), not a phrase.
  if (/^[ST]/.test(m.concept.codes.U)) return false;
  // Words said before the named concept that make it a subterm of the same category ("upper arm
  // pain" M79.62- around "arm pain" M79.60-: Pain, limb, upper, upper arm): I.B.3, the subterm's code.
  if (m.end === end && entry.codes.U !== m.concept.codes.U && entry.codes.U.slice(0, 3) === m.concept.codes.U.slice(0, 3)) return true;
  // …or a condition the index names by a word before the symptom it is known by ("jock itch" B35.6
  // around "itch" L29.9, "whooping cough" A37.90 around "cough" R05.9).
  if (m.end === end && m.concept.kind === 'symptom' && entry.kind === 'dx') return true;
  return yieldsToSubterm(m.concept.codes.U, [{ code: entry.codes.U, name: entry.name }], true);
}

/**
 * Does the index entry at [start, end) hold two or more named concepts whole and overlap no other
 * ("asthmatic bronchitis" J45.901 over "asthmatic" + "bronchitis", "hypertensive urgency" I16.0 over
 * "hypertensive" + "urgency")? The index names the one condition their words say together.
 */
function coversNamed(taken: readonly ConceptMention[], start: number, end: number): boolean {
  const over = taken.filter((m) => m.start < end && start < m.end);
  return over.length >= 2 && over.every((m) => start <= m.start && m.end <= end);
}

/** For each token, whether a mention starts at or before it and runs past its start. */
function tokensInMentions(tokens: readonly Token[], mentions: readonly ConceptMention[]): boolean[] {
  const inside = tokens.map(() => false);
  for (const m of mentions) {
    // Tokens are in text order: find the first at or after the mention's start, then walk it.
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens[mid]!.start < m.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < tokens.length && tokens[i]!.start < m.end; i++) inside[i] = true;
  }
  return inside;
}

/**
 * Index entries named in the tokens of `text`, longest first, leaving out those overlapping
 * `taken` mentions unless they refine one they hold (the caller then drops that mention).
 */
export function findIndexTerms(text: string, tokens: readonly Token[], taken: readonly ConceptMention[]): ConceptMention[] {
  const out: ConceptMention[] = [];
  // The index spells as American English: British spellings are read as their American forms.
  const norms = tokens.map((t) => americanSpelling(t.norm));
  const inTaken = tokensInMentions(tokens, taken);
  for (let i = 0; i < tokens.length; ) {
    const said = longestAt(norms, i);
    // A head the index codes alone ("abscess" L02.91) said with a site after "of" is the site's
    // entry ("abscess of the liver" → Abscess, liver K75.0), as said qualifier first, when the index has it.
    // Not at a named concept's head: the hand lexicon takes its site from the sentence with the
    // index's site subterms (index-sites.ts: "cancer of the right breast" C50.911 and its history Z85.3).
    const inverted = inTaken[i]! ? undefined : ofInverted(tokens, i);
    const hit = inverted && (!said || inverted.to > said.to) ? inverted : said;
    if (!hit) {
      // A main term the index codes only by sex, said without one ("hypogonadism"): the visit's.
      const sexed = said !== undefined || inTaken[i]! ? undefined : sexedTerm(norms[i]!, text);
      if (sexed) out.push({ concept: conceptOf(sexed.phrase, sexed.spec), start: tokens[i]!.start, end: tokens[i]!.end, from: i, to: i + 1 });
      i++;
      continue;
    }
    const start = tokens[i]!.start;
    const end = tokens[hit.to - 1]!.end;
    const from = i;
    i = hit.to;
    if (hit.spec.startsWith('Z') && !Z_BY_PHRASE.test(hit.spec)) continue;
    if (BREAK.test(text.slice(start, end)) || !writtenAsAbbreviation(hit.spec, text.slice(start, end))) continue;
    const concept = conceptOf(hit.phrase, hit.spec);
    if (!coversNamed(taken, start, end) && taken.some((m) => m.start < end && start < m.end && !refines(concept, m, start, end))) continue;
    out.push({ concept, start, end, from, to: hit.to });
  }
  return out;
}
