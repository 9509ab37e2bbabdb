// The ICD-10-CM Alphabetic Index as a phrase lookup (data/icd10cm/coding-index.tsv, built by
// scripts/build-coding-index.ts): main terms, main term + subterm and "see" references, for
// conditions the hand-written concepts (data/lexicon/concepts.tsv) do not name.
import { readFileSync } from 'node:fs';
import type { Concept, ConceptMention, Token } from '../lexicon/index.ts';
import { PhraseSet } from './phrases.ts';

const FILE = new URL('../../../../data/icd10cm/coding-index.tsv', import.meta.url);
let phrases: PhraseSet<Concept> | undefined;

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

/** Chapter XVIII (R) codes are signs and symptoms; Z codes are statuses; the rest diagnoses. */
function kindOf(code: string): Concept['kind'] {
  return code.startsWith('R') ? 'symptom' : code.startsWith('Z') ? 'status' : 'dx';
}

function indexPhrases(): PhraseSet<Concept> {
  if (phrases) return phrases;
  phrases = new PhraseSet<Concept>();
  for (const line of readFileSync(FILE, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [phrase, spec] = line.split('\t');
    const codes = codesOf(spec!);
    phrases.add(phrase!, { codes, kind: kindOf(codes.U), systems: [], history: '-', name: phrase! });
  }
  return phrases;
}

// Z codes are assigned only where the guidelines call for them (issue #18 policy); of those
// an index phrase can name, the encounter reasons (Z00 general examination, Z01 special
// examination). Status, screening and therapy Z codes need more than a phrase.
const Z_BY_PHRASE = /^Z0[01]\./;
// A phrase runs within one sentence or turn: "…syndrome. Congenital…" is two.
const BREAK = /[.?!;\n]/;

/**
 * Index entries named in the tokens of `text`, longest first, leaving out those overlapping
 * `taken` mentions.
 */
export function findIndexTerms(text: string, tokens: readonly Token[], taken: readonly ConceptMention[]): ConceptMention[] {
  const out: ConceptMention[] = [];
  const startIndex = new Map(tokens.map((t, i) => [t.start, i]));
  for (const hit of indexPhrases().find(tokens)) {
    if (hit.value.codes.U.startsWith('Z') && !Z_BY_PHRASE.test(hit.value.codes.U)) continue;
    if (BREAK.test(text.slice(hit.start, hit.end))) continue;
    if (taken.some((m) => m.start < hit.end && hit.start < m.end)) continue;
    const from = startIndex.get(hit.start)!;
    let to = from;
    while (to < tokens.length && tokens[to]!.end <= hit.end) to++;
    out.push({ concept: hit.value, start: hit.start, end: hit.end, from, to });
  }
  return out;
}
