// Loads the assertion trigger lists (data/lexicon/context-triggers.json) into token tries.
import { readFileSync } from 'node:fs';
import { languageData } from '../language/data.ts';

export type Category = 'negated' | 'uncertain' | 'hypothetical' | 'historical' | 'family' | 'question';
export type Direction = 'forward' | 'backward' | 'both';
export const CATEGORIES: readonly Category[] = ['negated', 'uncertain', 'hypothetical', 'historical', 'family', 'question'];

export interface TriggerRule {
  kind: 'trigger' | 'pseudo' | 'terminate';
  category?: Category;
  direction?: Direction;
  /** The categories a terminator ends; all when absent. */
  only?: readonly Category[];
  /** A forward trigger that opens a list ("history of A, B, and C"): its window is read as a list (historical.lists). */
  list?: boolean;
  length: number; // in tokens
}

interface TriggerFile {
  pseudo: string[];
  terminate: string[];
  [category: string]: unknown;
}

/** A phrase trie keyed by lower-case tokens; each node may carry rules. */
export interface TrieNode {
  next: Map<string, TrieNode>;
  rules: TriggerRule[];
}

const FILE = new URL('../../../../data/lexicon/context-triggers.json', import.meta.url);

/** The same tokenisation is used for phrases and for text. */
export const TOKEN_RE = /[a-z0-9]+(?:['’/][a-z0-9]+)*|\?|,/gi;

export function tokensOf(phrase: string): string[] {
  return (phrase.toLowerCase().match(TOKEN_RE) ?? []).map((t) => t.replace('’', "'"));
}

let cached: TrieNode | undefined;
let presupposing: Set<string> | undefined;
let adverbs: Set<string> | undefined;
let relatives: Set<string> | undefined;
let listWords: Set<string> | undefined;
let breakers: Set<string> | undefined;
let compared: string[][] | undefined;

interface ScopeEnds {
  verbs?: string[];
  particles?: string[];
  objects?: string[];
  after_comma?: string[];
  predicate_cues?: string[];
  predicates?: string[];
  list_words?: string[];
  list_breakers?: string[];
  compared_after?: string[];
  cause_of?: string[];
}

/** The commas and coordinators of a list ("fever, chills, or sweats"): they do not count toward a window. */
export function listSeparators(): Set<string> {
  triggerTrie();
  return listWords!;
}

/** Phrases that, right after a mention, compare it with the past ("headaches like this"): it is present now. */
export function comparedAfter(): string[][] {
  triggerTrie();
  return compared!;
}

/** Words that make a comma-separated run speech, not a list: the hesitations of fillers.json and scope_ends.list_breakers. */
export function listBreakers(): Set<string> {
  triggerTrie();
  return breakers!;
}

/**
 * Phrases that end a scope, built from scope_ends: a verb of treatment (with or without a particle)
 * before an object word ("help your", "clear up the"). The comma-led clause openers are added apart.
 */
function scopeEndPhrases(ends: ScopeEnds): string[] {
  const verbs = (ends.verbs ?? []).flatMap((v) => [v, ...(ends.particles ?? []).map((p) => `${v} ${p}`)]);
  const objects = ends.objects ?? [];
  return verbs.flatMap((v) => objects.map((o) => `${v} ${o}`));
}

/** The one-word family triggers ("mother", "parents", "grandma"): the relatives a mention may belong to. */
export function relativeWords(): Set<string> {
  triggerTrie();
  return relatives!;
}

/** Adverbs said inside a trigger phrase that leave it the same trigger ("can sometimes cause", "don't really have"). */
export function innerAdverbs(): Set<string> {
  triggerTrie();
  return adverbs!;
}

/** Determiners that presuppose the mention right after them ("your asthma", "these headaches"). */
export function presupposingWords(): Set<string> {
  triggerTrie();
  return presupposing!;
}

export function triggerTrie(): TrieNode {
  if (cached) return cached;
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as TriggerFile;
  const root: TrieNode = { next: new Map(), rules: [] };
  const add = (phrase: string, rule: Omit<TriggerRule, 'length'>): void => {
    const toks = tokensOf(phrase);
    if (toks.length === 0) return;
    // Transcripts often split contractions ("do n't"): index that spelling too.
    const split = toks.flatMap((t) => (/^.+n't$/.test(t) ? [t.slice(0, -3), "n't"] : [t]));
    if (split.length !== toks.length) add(split.join(' '), rule);
    let node = root;
    for (const t of toks) {
      let n = node.next.get(t);
      if (!n) node.next.set(t, (n = { next: new Map(), rules: [] }));
      node = n;
    }
    node.rules.push({ ...rule, length: toks.length });
  };
  for (const category of CATEGORIES) {
    const lists = data[category] as Partial<Record<Direction, string[]>>;
    for (const direction of ['forward', 'backward', 'both'] as const) {
      for (const p of lists[direction] ?? []) {
        add(p, { kind: 'trigger', category, direction });
        // A relative is said with its clitic too, one token here: "my mum's diabetes", "his dad's had a stroke".
        if (category === 'family' && tokensOf(p).length === 1) add(`${p}'s`, { kind: 'trigger', category, direction });
      }
    }
  }
  // "history of A, B, and C": the same forward trigger, its window read across the list.
  for (const p of (data.historical as { lists?: string[] }).lists ?? []) add(p, { kind: 'trigger', category: 'historical', direction: 'forward', list: true });
  const ends = (data.scope_ends ?? {}) as ScopeEnds;
  for (const p of data.pseudo) add(p, { kind: 'pseudo' });
  // "unlikely to" + a predicate ("to be serious", "to clear") doubts the predicate, not its subject.
  for (const cue of ends.predicate_cues ?? []) for (const p of ends.predicates ?? []) add(`${cue} ${p}`, { kind: 'pseudo' });
  for (const p of [...data.terminate, ...scopeEndPhrases(ends)]) add(p, { kind: 'terminate' });
  // A coordinated clause (", and she") ends every scope but an "if", which governs it too ("if A, and B, call").
  const clause = CATEGORIES.filter((c) => c !== 'hypothetical');
  for (const w of ends.after_comma ?? []) add(`, ${w}`, { kind: 'terminate', only: clause });
  // "Assess for sources of anemia", "any other causes of infection": a doubt or a question about the cause presupposes the condition.
  for (const p of ends.cause_of ?? []) add(p, { kind: 'terminate', only: ['uncertain', 'question'] });
  listWords = new Set(ends.list_words ?? []);
  const hesitations = languageData<{ hesitations?: string[] }>('fillers').hesitations ?? [];
  breakers = new Set([...hesitations, ...(ends.list_breakers ?? [])]);
  compared = (ends.compared_after ?? []).map(tokensOf);
  const family = data.family as Partial<Record<Direction, string[]>>;
  relatives = new Set((family.both ?? []).map(tokensOf).filter((t) => t.length === 1).map((t) => t[0]!));
  presupposing = new Set((data.question as { presupposing?: string[] }).presupposing ?? []);
  adverbs = new Set(((data.inner_adverbs as { words?: string[] } | undefined)?.words ?? []).map((w) => w.toLowerCase()));
  cached = root;
  return root;
}
