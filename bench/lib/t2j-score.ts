// Text-to-JSON scoring against hand-written gold: flattens gold and answer to leaf paths
// (arrays matched order-insensitively by best alignment), compares each leaf, and sums field
// accuracy, precision and recall counts.
import { tokenF1 } from './token-f1.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

/** One scored leaf. `gold` is undefined for an answer leaf with no gold counterpart (an extra list item). */
export interface Leaf {
  path: string;
  gold: unknown;
  answer: unknown;
  right: boolean;
  /** What the gold leaf is, for failure tables: its enum-ness or JSON type, or an extra answer item. */
  kind: LeafKind;
}

export type LeafKind = 'enum' | 'number' | 'boolean' | 'string' | 'code' | 'null' | 'empty list' | 'extra item';

function kindOf(gold: unknown, schema: Schema | undefined): LeafKind {
  if (gold === null) return 'null';
  if (Array.isArray(gold)) return 'empty list';
  if (Array.isArray(schema?.enum) || schema?.const !== undefined) return 'enum';
  if (typeof gold === 'string' && ICD_LIKE.test(gold)) return 'code';
  return typeof gold === 'number' ? 'number' : typeof gold === 'boolean' ? 'boolean' : 'string';
}

export interface Counts {
  /** Gold leaves, and those answered right (null gold leaves count: silence is right). */
  goldLeaves: number;
  goldRight: number;
  /** Non-null gold leaves, and those answered right (recall). */
  goldFilled: number;
  goldFilledRight: number;
  /** Non-null answer leaves, and those that are right (precision). */
  answered: number;
  answeredRight: number;
}

export const emptyCounts = (): Counts => ({ goldLeaves: 0, goldRight: 0, goldFilled: 0, goldFilledRight: 0, answered: 0, answeredRight: 0 });

// An empty string is how an engine fills a required string it found nothing for: silence, not a value.
const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const ICD_LIKE = /^[A-Z]\d[0-9A-Z]\.?[0-9A-Z]{0,4}$/i;

/** Lower case, punctuation to spaces (a dot inside a number stays), numbers without thousands
 *  separators or trailing ".0". */
export function normaliseText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/(\d)\.0+\b/g, '$1')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[^\p{L}\p{N}.%]+/gu, ' ')
    .trim();
}

/** Strings: equal after normalisation (spacing aside: "15 mg" = "15mg", "508-555-0112" =
 *  "5085550112"), ICD-like codes with or without the dot, or (two tokens or more) token F1 ≥ 0.8. Numbers: within 0.5 % or 0.05. Enums and booleans: exact. */
export function sameLeaf(answer: unknown, gold: unknown, schema: Schema | undefined): boolean {
  if (gold === null || gold === undefined) return isBlank(answer);
  if (Array.isArray(schema?.enum) || schema?.const !== undefined) return answer === gold;
  if (typeof gold === 'number') return typeof answer === 'number' && Math.abs(answer - gold) <= Math.max(0.05 + 1e-9, Math.abs(gold) * 0.005);
  if (typeof gold === 'string' && typeof answer === 'string') {
    if (ICD_LIKE.test(gold) && ICD_LIKE.test(answer)) return gold.replace('.', '').toUpperCase() === answer.replace('.', '').toUpperCase();
    const a = normaliseText(answer);
    const g = normaliseText(gold);
    if (a.replace(/ /g, '') === g.replace(/ /g, '')) return true;
    return g.split(' ').length >= 2 && tokenF1(a, g) >= 0.8;
  }
  return answer === gold;
}

/** The sub-schema for a property or array item, following local `$ref`s and the first branch
 *  of `allOf`/`anyOf`/`oneOf` that has it. */
export function childSchema(schema: Schema | undefined, root: Schema, key: string | number): Schema | undefined {
  const s = resolve(schema, root);
  if (!s) return undefined;
  if (typeof key === 'number') {
    const items = s.items ?? (Array.isArray(s.prefixItems) ? (s.prefixItems as Schema[])[key] : undefined);
    return resolve(items as Schema | undefined, root);
  }
  const own = (s.properties as Record<string, Schema> | undefined)?.[key];
  if (own) return resolve(own, root);
  for (const branch of [s.allOf, s.anyOf, s.oneOf].flat()) {
    const found = isObject(branch) ? childSchema(branch as Schema, root, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

function resolve(schema: Schema | undefined, root: Schema, depth = 0): Schema | undefined {
  if (!schema || typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#') || depth > 20) return schema;
  const target = schema.$ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .reduce<unknown>((node, part) => (isObject(node) ? node[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))] : undefined), root);
  return resolve(target as Schema | undefined, root, depth + 1);
}

/** Every non-blank scalar under an answer value: each is an answered leaf with no gold. */
function extraLeaves(value: unknown, path: string): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => extraLeaves(v, `${path}[${i}]`));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => extraLeaves(v, `${path}.${k}`));
  return isBlank(value) ? [] : [{ path, gold: undefined, answer: value, right: false, kind: 'extra item' }];
}

/** Scores `answer` against `gold` under `schema` (the case's root schema): one leaf per gold
 *  scalar, `null` and empty list, plus one wrong leaf per answered scalar in unmatched list items. */
export function scoreLeaves(gold: unknown, answer: unknown, schema: Schema, root: Schema = schema, path = '$'): Leaf[] {
  if (Array.isArray(gold)) {
    if (gold.length === 0) return [{ path, gold, answer, right: isBlank(answer), kind: 'empty list' }, ...(Array.isArray(answer) && answer.length ? extraLeaves(answer, path) : [])];
    return alignArray(gold, Array.isArray(answer) ? answer : [], schema, root, path);
  }
  if (isObject(gold)) {
    const got = isObject(answer) ? answer : {};
    return Object.entries(gold).flatMap(([k, g]) => scoreLeaves(g, got[k], childSchema(schema, root, k) ?? {}, root, `${path}.${k}`));
  }
  return [{ path, gold, answer, right: sameLeaf(answer, gold, schema), kind: kindOf(gold, schema) }];
}

/** Pairs gold items with answer items greedily by how many gold leaves each pair gets right
 *  (best pairs first), scores the pairs, and counts unpaired items as misses and extras. */
function alignArray(gold: unknown[], answer: unknown[], schema: Schema, root: Schema, path: string): Leaf[] {
  const itemSchema = childSchema(schema, root, 0) ?? {};
  const pairs: { g: number; a: number; leaves: Leaf[]; hits: number }[] = [];
  gold.forEach((g, gi) =>
    answer.forEach((a, ai) => {
      const leaves = scoreLeaves(g, a, itemSchema, root, `${path}[${gi}]`);
      const hits = leaves.filter((l) => l.right && !isBlank(l.gold)).length;
      if (hits > 0) pairs.push({ g: gi, a: ai, leaves, hits });
    }),
  );
  pairs.sort((x, y) => y.hits - x.hits || x.g - y.g || x.a - y.a);
  const usedGold = new Set<number>();
  const usedAnswer = new Set<number>();
  const out: Leaf[] = [];
  for (const p of pairs) {
    if (usedGold.has(p.g) || usedAnswer.has(p.a)) continue;
    usedGold.add(p.g);
    usedAnswer.add(p.a);
    out.push(...p.leaves);
  }
  gold.forEach((g, gi) => {
    if (!usedGold.has(gi)) out.push(...scoreLeaves(g, undefined, itemSchema, root, `${path}[${gi}]`));
  });
  answer.forEach((a, ai) => {
    if (!usedAnswer.has(ai)) out.push(...extraLeaves(a, `${path}[+${ai}]`));
  });
  return out;
}

/** Adds one case's leaves to running counts. */
export function addCounts(counts: Counts, leaves: Leaf[]): Counts {
  for (const l of leaves) {
    const hasGold = l.gold !== undefined;
    if (hasGold) {
      counts.goldLeaves++;
      if (l.right) counts.goldRight++;
      if (!isBlank(l.gold)) {
        counts.goldFilled++;
        if (l.right) counts.goldFilledRight++;
      }
    }
    if (!isBlank(l.answer) && (!hasGold || !Array.isArray(l.gold))) {
      counts.answered++;
      if (l.right) counts.answeredRight++;
    }
  }
  return counts;
}

export interface Metrics {
  fieldAccuracy: number;
  precision: number;
  recall: number;
}

/** Ratios in [0, 1]; a metric with an empty denominator is 1 (nothing to get wrong). */
export function metrics(c: Counts): Metrics {
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return { fieldAccuracy: ratio(c.goldRight, c.goldLeaves), precision: ratio(c.answeredRight, c.answered), recall: ratio(c.goldFilledRight, c.goldFilled) };
}

export type { Json };
