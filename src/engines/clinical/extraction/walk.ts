// Walks the caller's schema and fills each property from the text: objects property by
// property (a nested object from the label or sentence naming it), arrays item by item,
// scalars with the typed finders. Where nothing is found the fallback is the default, then
// null, then [], then the least-committal value.
import { buildQuery, type FieldQuery, PREPOSITION_KEY } from './field-query.ts';
import { type GenContext, setOwn } from './generate.ts';
import { leastValue } from './least-value.ts';
import { domainOf, findItems, type Item } from './lists.ts';
import { findPhrases, regionsFor } from './locate.ts';
import { type Ctx, enumVariants, findBoolean, findEnum, findNumber, findString } from './scalars.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';
import { type Range, sentenceOf } from './text-doc.ts';
import { assertionOf } from './assertion.ts';
import { itemProperty } from './item-fill.ts';
import type { Evidence, Walker } from './walker.ts';

export type { Evidence, Walker };

type Out = { found: boolean; value: unknown };

const NOT_FOUND: Out = { found: false, value: undefined };
const ANCHOR_KEYS = /^(name|drug|medication|medicine|med|diagnosis|condition|problem|allergen|substance|agent|symptom|finding|test|description|item|term|title|label|complaint|procedure|text|value)$/i;
const ASSERTION_KEYS = /^(present|is_?present|negated|is_?negated|denied|absent|affirmed|positive|reported)$/i;
/** Keys that take what the text says right after an item: "sulfa (hives)". */
const DETAIL_KEYS = /^(allergic_?)?(reactions?|response|manifestations?|(side_?)?effects?|symptoms?)(_?type)?$/i;

/** Fill calls per request: enough for thousands of fields, not for a recursive schema's every expansion. */
const MAX_FILL_STEPS = 5_000;

export function fill(w: Walker, raw: unknown, key: string, path: string, scope: Range, depth = 0): Out {
  const node = w.nav.resolve(raw);
  w.steps = (w.steps ?? 0) + 1;
  if (depth > 20 || w.steps > MAX_FILL_STEPS) return NOT_FOUND;
  // A schema inside itself (recursive $ref): the text is read once at the outer level.
  const active = (w.active ??= new Set());
  if (active.has(node)) return NOT_FOUND;
  active.add(node);
  try {
    return fillNode(w, node, key, path, scope, depth);
  } finally {
    active.delete(node);
  }
}

function fillNode(w: Walker, node: SchemaNode, key: string, path: string, scope: Range, depth: number): Out {
  if (node.const !== undefined) return { found: true, value: structuredClone(node.const) };
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
  if (types.has('object') && node.properties) {
    // A nested object reads from its section; without one, its keys that name nothing of
    // their own ("with", "in_days") have nothing to read.
    const section = path === '' ? undefined : (sectionOf(w, q, scope) ?? 'none');
    return fillObject(w, node, path, scope, depth, undefined, section);
  }
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

/**
 * Where a nested object's text is: the value of the label naming it ("Follow-up: …"), else
 * the sentence that names it ("Follow-up with primary care in 1 week.").
 */
function sectionOf(w: Walker, q: FieldQuery, scope: Range): Range | undefined {
  if (q.words.length === 0) return undefined;
  const first = regionsFor(w.ctx.doc, q, scope, false)[0];
  if (!first) return undefined;
  if (first.label) return first.region;
  const sentence = sentenceOf(w.ctx.doc, first.anchor.start);
  return { start: Math.max(scope.start, sentence.start), end: Math.min(scope.end, sentence.end) };
}

/** A key that names nothing of its own ("with", "in_days") only makes sense inside its parent's section. */
function namesConcept(w: Walker, key: string, sub: unknown): boolean {
  return !PREPOSITION_KEY.test(key) && buildQuery(key, w.nav.resolve(sub), w.ctx.lex).words.length > 0;
}

function fillObject(w: Walker, node: SchemaNode, path: string, scope: Range, depth: number, item?: Item, section?: Range | 'none', itemKeys: string[] = []): Out {
  const props = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const out: Record<string, unknown> = {};
  let any = false;
  let anchored = false; // the first name-like property takes the item's own text
  const dateKeys = Object.entries(props).filter(([, v]) => ['date', 'date-time'].includes(String(w.nav.resolve(v).format)));
  for (const [key, sub] of Object.entries(props)) {
    w.soleDate = dateKeys.length === 1 && dateKeys[0][0] === key;
    const subPath = `${path}/${escape(key)}`;
    const detail = item?.detail && DETAIL_KEYS.test(key) ? detailValue(w, sub, item.detail) : undefined;
    let r: Out;
    // A drug item's properties by role (med-roles.ts); nested objects keep the item.
    const byRole = item ? itemProperty(w, item, [...itemKeys, key], sub, subPath, (n, suffix, more) => fillObject(w, n, subPath + suffix, scope, depth + 1, item, section, [...itemKeys, key, ...more])) : undefined;
    if (byRole) {
      r = byRole;
    } else if (item && ANCHOR_KEYS.test(key) && !anchored) {
      r = { found: true, value: item.text };
      w.evidence.push({ path: subPath, start: item.span.start, end: item.span.end });
      anchored = true;
    } else if (item && ASSERTION_KEYS.test(key) && w.nav.types(w.nav.resolve(sub)).has('boolean')) {
      r = { found: true, value: /negat|denied|absent/i.test(key) ? item.negated : !item.negated };
    } else if (detail) {
      r = { found: true, value: detail };
      w.evidence.push({ path: subPath, start: item!.detail!.start, end: item!.detail!.end });
    } else if (section === 'none') {
      r = namesConcept(w, key, sub) ? fill(w, sub, key, subPath, scope, depth + 1) : NOT_FOUND;
    } else if (section) {
      // The section first; a key naming a concept of its own may then look in the whole scope.
      const marks = [w.evidence.length, w.notFound.length];
      r = fill(w, sub, key, subPath, section, depth + 1);
      if (!r.found && namesConcept(w, key, sub)) {
        w.evidence.length = marks[0];
        w.notFound.length = marks[1];
        r = fill(w, sub, key, subPath, scope, depth + 1);
      }
    } else {
      r = fill(w, sub, key, subPath, scope, depth + 1);
    }
    if (r.found) any = true;
    const value = r.found ? r.value : fallback(w, sub, subPath, required.has(key));
    if (value !== undefined) setOwn(out, key, value);
  }
  return { found: any, value: out };
}

/** An item's detail as the value of a string (or list of strings) property, if it fits. */
function detailValue(w: Walker, sub: unknown, detail: Range): string | string[] | undefined {
  const node = w.nav.resolve(sub);
  const types = w.nav.types(node);
  const text = w.ctx.doc.text.slice(detail.start, detail.end);
  if (Array.isArray(node.enum)) return undefined;
  if (types.has('string') && !node.format) return typeof node.maxLength === 'number' && text.length > node.maxLength ? undefined : text;
  const itemNode = types.has('array') ? w.nav.itemSchema(node) : undefined;
  if (itemNode && w.nav.types(itemNode).has('string') && !Array.isArray(itemNode.enum) && !itemNode.format) {
    const parts = text.split(/\s*(?:,|;|\band\b|\bor\b|\/)\s*/).filter((p) => p.length > 1);
    return parts.length > 0 ? parts : undefined;
  }
  return undefined;
}

function fallback(w: Walker, raw: unknown, path: string, required: boolean): unknown {
  const node = w.nav.resolve(raw);
  w.notFound.push(path);
  if (node.default !== undefined) return structuredClone(node.default);
  if (w.nav.allowsNull(node)) return null;
  const types = w.nav.types(node);
  if (types.has('array') && !(typeof node.minItems === 'number' && node.minItems > 0)) return [];
  return required ? leastValue(w.gen, node, path) : undefined;
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
