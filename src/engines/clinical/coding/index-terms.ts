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

/** Index entries named in the tokens, longest first, leaving out those overlapping `taken` mentions. */
export function findIndexTerms(tokens: readonly Token[], taken: readonly ConceptMention[]): ConceptMention[] {
  const out: ConceptMention[] = [];
  const startIndex = new Map(tokens.map((t, i) => [t.start, i]));
  for (const hit of indexPhrases().find(tokens)) {
    if (taken.some((m) => m.start < hit.end && hit.start < m.end)) continue;
    const from = startIndex.get(hit.start)!;
    let to = from;
    while (to < tokens.length && tokens[to]!.end <= hit.end) to++;
    out.push({ concept: hit.value, start: hit.start, end: hit.end, from, to });
  }
  return out;
}
