// Walks the caller's schema and fills each property from the text: objects property by
// property, arrays item by item, scalars with the typed finders. Where nothing is found
// the fallback is the default, then null, then [], then the least-committal value.
import { buildQuery } from './field-query.ts';
import { leastValue } from './least-value.ts';
import { domainOf, findItems, type Item } from './lists.ts';
import { findPhrases } from './locate.ts';
import { type Ctx, enumVariants, findBoolean, findEnum, findNumber, findString } from './scalars.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';
import type { Range } from './text-doc.ts';
import { assertionOf } from './negation.ts';

export interface Evidence {
  path: string;
  start: number;
  end: number;
}

export interface Walker {
  ctx: Ctx;
  nav: SchemaNav;
  evidence: Evidence[];
  notFound: string[];
  /** Set by an object for the one date-formatted property it has. */
  soleDate?: boolean;
}

type Out = { found: boolean; value: unknown };

const NOT_FOUND: Out = { found: false, value: undefined };
const ANCHOR_KEYS = /^(name|drug|medication|medicine|med|diagnosis|condition|problem|allergen|substance|agent|symptom|finding|test|description|item|term|title|label|complaint|procedure|text|value)$/i;
const ASSERTION_KEYS = /^(present|is_?present|negated|is_?negated|denied|absent|affirmed|positive|reported)$/i;

export function fill(w: Walker, raw: unknown, key: string, path: string, scope: Range, depth = 0): Out {
  const node = w.nav.resolve(raw);
  if (depth > 20) return NOT_FOUND;
  if (node.const !== undefined) return { found: true, value: node.const };
  const branches = w.nav.branches(node).filter((b) => !(w.nav.types(b).size === 1 && w.nav.types(b).has('null')));
  if (branches.length > 0) {
    for (const b of branches) {
      const mark = w.evidence.length;
      const r = fill(w, b, key, path, scope, depth + 1);
      if (r.found) return r;
      w.evidence.length = mark;
    }
    return NOT_FOUND;
  }
  const types = w.nav.types(node);
  const q = buildQuery(key, node, w.ctx.lex);
  q.soleDate = w.soleDate && ['date', 'date-time'].includes(String(node.format));
  w.soleDate = false;
  if (Array.isArray(node.enum)) return scalar(w, path, findEnum(w.ctx, q, node.enum, scope));
  if (types.has('object') && node.properties) return fillObject(w, node, path, scope, depth);
  if (types.has('array')) return fillArray(w, node, key, path, scope, depth);
  if (types.has('integer') || types.has('number')) {
    const r = scalar(w, path, findNumber(w.ctx, q, node, scope, !types.has('number')));
    if (r.found || !types.has('string')) return r;
  }
  if (types.has('boolean')) {
    const r = scalar(w, path, findBoolean(w.ctx, q, scope));
    if (r.found || !types.has('string')) return r;
  }
  if (types.has('string')) return scalar(w, path, findString(w.ctx, q, node, scope));
  return NOT_FOUND;
}

function scalar(w: Walker, path: string, found: { value: unknown; span: Range } | undefined): Out {
  if (!found) return NOT_FOUND;
  w.evidence.push({ path, start: found.span.start, end: found.span.end });
  return { found: true, value: found.value };
}

function fillObject(w: Walker, node: SchemaNode, path: string, scope: Range, depth: number, item?: Item): Out {
  const props = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const out: Record<string, unknown> = {};
  let any = false;
  let anchored = false; // the first name-like property takes the item's own text
  const dateKeys = Object.entries(props).filter(([, v]) => ['date', 'date-time'].includes(String(w.nav.resolve(v).format)));
  for (const [key, sub] of Object.entries(props)) {
    w.soleDate = dateKeys.length === 1 && dateKeys[0][0] === key;
    const subPath = `${path}/${escape(key)}`;
    let r: Out;
    if (item && ANCHOR_KEYS.test(key) && !anchored) {
      r = { found: true, value: item.text };
      w.evidence.push({ path: subPath, start: item.span.start, end: item.span.end });
      anchored = true;
    } else if (item && ASSERTION_KEYS.test(key) && w.nav.types(w.nav.resolve(sub)).has('boolean')) {
      r = { found: true, value: /negat|denied|absent/i.test(key) ? item.negated : !item.negated };
    } else {
      r = fill(w, sub, key, subPath, scope, depth + 1);
    }
    if (r.found) any = true;
    const value = r.found ? r.value : fallback(w, sub, subPath, required.has(key));
    if (value !== undefined) out[key] = value;
  }
  return { found: any, value: out };
}

function fallback(w: Walker, raw: unknown, path: string, required: boolean): unknown {
  const node = w.nav.resolve(raw);
  w.notFound.push(path);
  if (node.default !== undefined) return node.default;
  if (w.nav.allowsNull(node)) return null;
  const types = w.nav.types(node);
  if (types.has('array') && !(typeof node.minItems === 'number' && node.minItems > 0)) return [];
  return required ? leastValue(w.nav, node) : undefined;
}

function fillArray(w: Walker, node: SchemaNode, key: string, path: string, scope: Range, depth: number): Out {
  const itemNode = w.nav.itemSchema(node);
  const q = buildQuery(key, node, w.ctx.lex);
  const max = typeof node.maxItems === 'number' ? node.maxItems : 200;
  let values: unknown[] = [];
  if (Array.isArray(itemNode.enum)) {
    values = enumMentions(w, itemNode.enum, scope);
  } else {
    const itemTypes = w.nav.types(itemNode);
    const props = (itemNode.properties ?? {}) as Record<string, unknown>;
    const anchorKey = Object.keys(props).find((k) => ANCHOR_KEYS.test(k));
    const domain = domainOf(q.words) ?? domainOf(anchorKey ? [anchorKey] : []) ?? domainOf(q.descriptionPhrases.flat());
    const recordsPresence = Object.entries(props).some(([k, v]) => ASSERTION_KEYS.test(k) && w.nav.types(w.nav.resolve(v)).has('boolean'));
    const items = findItems(w.ctx, q, scope, domain, recordsPresence).slice(0, max);
    items.forEach((item, i) => {
      const itemPath = `${path}/${i}`;
      if (itemTypes.has('object') && itemNode.properties) {
        values.push(fillObject(w, itemNode, itemPath, item.scope, depth + 1, item).value);
      } else if (itemTypes.has('string')) {
        w.evidence.push({ path: itemPath, start: item.span.start, end: item.span.end });
        values.push(item.text);
      } else if (itemTypes.has('number') || itemTypes.has('integer')) {
        const r = fill(w, itemNode, key, itemPath, item.scope, depth + 1);
        if (r.found) values.push(r.value);
      }
    });
  }
  values = values.slice(0, max);
  if (values.length === 0 || (typeof node.minItems === 'number' && values.length < node.minItems)) return NOT_FOUND;
  return { found: true, value: values };
}

function enumMentions(w: Walker, options: unknown[], scope: Range): unknown[] {
  const out: unknown[] = [];
  for (const option of options) {
    const hits = findPhrases(w.ctx.doc, enumVariants(option, w.ctx.lex).filter((v) => v.join('').length > 1), scope);
    if (hits.some((h) => !assertionOf(w.ctx.doc, h).negated)) out.push(option);
  }
  return out;
}

export function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
