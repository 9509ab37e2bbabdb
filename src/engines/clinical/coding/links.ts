// Conditions the clinician links to another ("irritable bowel syndrome with diarrhea", "anemia of
// chronic kidney disease"): the Alphabetic Index's linking subterm gives the combination code
// (data/icd10cm/coding-links.tsv; guidelines I.A.15, the "with" convention).
import type { Concept } from '../lexicon/index.ts';
import { icd10cmTable } from '../lexicon/tables.ts';
import { codingCues } from '../language/coding.ts';
import { systemsOf } from './systems.ts';

/** One linking subterm under a node: the linked term's words, its own index code (if any), the combination code. */
interface Link { words: string[]; own?: string; code: string }
let table: Map<string, Link[]> | undefined;

function links(): Map<string, Link[]> {
  if (table) return table;
  table = new Map();
  for (const [head, term, own, code] of icd10cmTable('coding-links.tsv')) {
    if (!head || !term || !code) continue;
    const list = table.get(head) ?? [];
    list.push({ words: term.split(' '), own: own && own !== '-' ? own : undefined, code });
    table.set(head, list);
  }
  return table;
}

let cues: { links: string[][]; skipped: Set<string> } | undefined;
function linkCues(): { links: string[][]; skipped: Set<string> } {
  if (cues) return cues;
  const c = codingCues().linked_conditions;
  // Longest first, so "due to" is read before "due".
  cues = { links: c.links.map((l) => l.split(' ')).sort((a, b) => b.length - a.length), skipped: new Set(c.skipped) };
  return cues;
}

/** A word as said is the term's word, or its plural ("symptoms" for "symptom", "lower urinary tract symptoms"). */
const sameWord = (said: string, term: string): boolean => said === term || said === `${term}s` || `${said}s` === term;

interface Word { norm: string; start: number }

/** The words after a linking phrase opening `words`, past skipped words; undefined when no link opens them. */
function afterLink(words: readonly Word[]): number | undefined {
  const { links: phrases, skipped } = linkCues();
  const link = phrases.find((p) => p.every((w, i) => words[i]?.norm === w));
  if (!link) return undefined;
  let k = link.length;
  while (k < words.length && skipped.has(words[k]!.norm)) k++;
  return k < words.length ? k : undefined;
}

/** What a mention names after it: the following mention's code at an offset, if one starts there. */
export type CodeAt = (offset: number) => string | undefined;

/**
 * The combination code for a condition of default code `code` followed by `after` (the rest of its
 * sentence, from the mention's end at `offset`): a linking phrase, then the linked condition said in
 * the index's words or named by a mention whose code shares its category with the linked term's
 * own index code. Undefined when no link is said, or the links read disagree.
 */
export function linkedCode(code: string, after: string, offset: number, codeAt: CodeAt): string | undefined {
  const rows = links().get(code);
  if (!rows) return undefined;
  const clause = after.split(/[.;?!\n]/)[0]!;
  const words: Word[] = [...clause.toLowerCase().matchAll(/[a-z0-9]+(?:'[a-z]+)*/g)].slice(0, 12).map((m) => ({ norm: m[0], start: offset + m.index }));
  const k = afterLink(words);
  if (k === undefined) return undefined;
  const said = rows.filter((r) => r.words.every((w, i) => words[k + i] !== undefined && sameWord(words[k + i]!.norm, w)));
  const longest = Math.max(0, ...said.map((r) => r.words.length));
  const literal = new Set(said.filter((r) => r.words.length === longest).map((r) => r.code));
  if (literal.size === 1) return [...literal][0];
  if (literal.size > 1) return undefined;
  const next = codeAt(words[k]!.start);
  if (!next) return undefined;
  const named = new Set(rows.filter((r) => r.own && r.own.slice(0, 3) === next.slice(0, 3)).map((r) => r.code));
  return named.size === 1 ? [...named][0] : undefined;
}

const linkedConcepts = new Map<string, Concept>();

/** The condition `head` linked into `code`: one concept per pair, so its mentions group as one condition. */
export function linkedConcept(head: Concept, code: string): Concept {
  const key = `${head.name}\t${code}`;
  let c = linkedConcepts.get(key);
  if (!c) {
    const kind = code.startsWith('R') ? 'symptom' : code.startsWith('Z') ? 'status' : head.kind === 'symptom' ? 'dx' : head.kind;
    c = { codes: { U: code }, kind, systems: systemsOf(code), history: head.history, name: head.name };
    linkedConcepts.set(key, c);
  }
  return c;
}
