// Reading a caller's schema for extraction and generation: follow $ref (JSON pointers,
// anchors, and URIs against `$id`/`id` bases), $dynamicRef and $recursiveRef, fold allOf,
// and answer "what types, which properties, is null allowed" without caring about the
// draft. Ajv stays the judge of validity; this only guides what to build.

export type SchemaNode = Record<string, unknown>;
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
const ALL_TYPES: JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];
const ROOT_BASE = 'https://root.clinscribe.invalid/schema.json';
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples']);

export class SchemaNav {
  /** Each schema resource by absolute URI (no fragment); anchors as `uri#name`. */
  private readonly resources = new Map<string, unknown>();
  private readonly anchors = new Map<string, unknown>();
  private readonly dynamicAnchors = new Map<string, unknown>();
  /** The base URI in force at each schema object, for resolving the $refs it holds. */
  private readonly baseOf = new WeakMap<object, string>();
  private readonly resolved = new WeakMap<object, SchemaNode>();

  constructor(readonly root: unknown) {
    this.index(root, ROOT_BASE, 0);
    this.resources.set(ROOT_BASE, root);
  }

  private index(node: unknown, base: string, depth: number): void {
    if (node === null || typeof node !== 'object' || depth > 300) return;
    if (Array.isArray(node)) {
      for (const n of node) this.index(n, base, depth + 1);
      return;
    }
    const obj = node as SchemaNode;
    const id = typeof obj.$id === 'string' ? obj.$id : typeof obj.id === 'string' ? obj.id : undefined; // draft-04 spells it `id`
    let here = base;
    if (id !== undefined) {
      here = join(base, id);
      const [uri, fragment] = splitFragment(here);
      if (fragment && !fragment.startsWith('/')) this.anchors.set(`${uri}#${fragment}`, obj);
      else this.resources.set(uri, obj);
      here = uri;
    }
    this.baseOf.set(obj, here);
    if (typeof obj.$anchor === 'string') this.anchors.set(`${here}#${obj.$anchor}`, obj);
    if (typeof obj.$dynamicAnchor === 'string') {
      this.anchors.set(`${here}#${obj.$dynamicAnchor}`, obj);
      if (!this.dynamicAnchors.has(obj.$dynamicAnchor)) this.dynamicAnchors.set(obj.$dynamicAnchor, obj);
    }
    for (const [k, v] of Object.entries(obj)) if (!DATA_KEYS.has(k)) this.index(v, here, depth + 1);
  }

  /** The node with $ref followed and allOf folded in; `false` schemas become {not:{}}. */
  resolve(node: unknown, depth = 0): SchemaNode {
    if (node === true || node === undefined) return {};
    if (node === false) return { not: {} };
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return {};
    const memo = this.resolved.get(node);
    if (memo) return memo;
    let out = node as SchemaNode;
    if (depth > 32) return out;
    const ref = this.refTarget(out);
    if (ref !== undefined) {
      const { $ref: _r, $dynamicRef: _d, $recursiveRef: _rr, ...siblings } = out;
      out = mergeSchemas(siblings, this.resolve(ref, depth + 1));
    }
    if (Array.isArray(out.allOf)) {
      const { allOf, ...rest } = out;
      let merged: SchemaNode = rest;
      for (const part of allOf as unknown[]) merged = mergeSchemas(merged, this.resolve(part, depth + 1));
      out = merged;
    }
    if (out !== node) this.baseOf.set(out, this.baseOf.get(node) ?? ROOT_BASE);
    this.resolved.set(node, out);
    return out;
  }

  /** Where a $ref, $dynamicRef or $recursiveRef of this node points; `{}` when nowhere. */
  private refTarget(node: SchemaNode): unknown {
    const base = this.baseOf.get(node) ?? ROOT_BASE;
    if (typeof node.$ref === 'string') return this.lookup(base, node.$ref) ?? {};
    if (typeof node.$dynamicRef === 'string') {
      const name = node.$dynamicRef.split('#')[1] ?? '';
      return this.dynamicAnchors.get(name) ?? this.lookup(base, node.$dynamicRef) ?? {};
    }
    if (typeof node.$recursiveRef === 'string') return this.root;
    return undefined;
  }

  private lookup(base: string, ref: string): unknown {
    const [uri, fragment] = splitFragment(join(base, ref));
    const doc = this.resources.get(uri) ?? (uri === ROOT_BASE ? this.root : undefined);
    if (fragment === '' || fragment === undefined) return doc;
    if (!fragment.startsWith('/')) return this.anchors.get(`${uri}#${fragment}`);
    if (doc === undefined) return undefined;
    let cur: unknown = doc;
    for (const raw of fragment.slice(1).split('/')) {
      const part = safeDecode(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (cur === null || typeof cur !== 'object') return undefined;
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur;
  }

  /** Union branches (anyOf/oneOf), each resolved; empty when the node has none. */
  branches(node: SchemaNode): SchemaNode[] {
    const list = [...asArray(node.anyOf), ...asArray(node.oneOf)];
    if (list.length === 0) return [];
    // Siblings of anyOf (description, type…) apply to every branch.
    const { anyOf: _a, oneOf: _o, ...siblings } = node;
    return list.map((b) => {
      const merged = mergeSchemas(siblings, this.resolve(b));
      this.baseOf.set(merged, this.baseOf.get(node) ?? ROOT_BASE);
      return merged;
    });
  }

  types(node: SchemaNode): Set<JsonType> {
    if (node.const !== undefined) return new Set([typeOf(node.const)]);
    if (Array.isArray(node.enum)) return new Set(node.enum.map(typeOf));
    const declared = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
    if (declared) {
      const set = new Set(declared.filter((t): t is JsonType => ALL_TYPES.includes(t as JsonType)));
      if (set.has('number')) set.add('integer');
      return set;
    }
    const branches = this.branches(node);
    if (branches.length > 0) {
      const set = new Set<JsonType>();
      for (const b of branches) for (const t of this.types(b)) set.add(t);
      return set;
    }
    if (node.properties || node.required || node.additionalProperties !== undefined) return new Set(['object']);
    if (node.items || node.prefixItems) return new Set(['array']);
    return new Set(ALL_TYPES);
  }

  allowsNull(node: SchemaNode): boolean {
    if (node.not !== undefined && Object.keys(node).length === 1) return false;
    return this.types(node).has('null');
  }

  itemSchema(node: SchemaNode, index = 0): SchemaNode {
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
    if (prefix && index < prefix.length) return this.resolve(prefix[index]);
    if (prefix) {
      const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
      return this.resolve(rest ?? {});
    }
    return this.resolve(node.items ?? {});
  }
}

export function typeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function join(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return `${base.split('#')[0]}#${ref.split('#')[1] ?? ''}`;
  }
}

function splitFragment(uri: string): [string, string | undefined] {
  const i = uri.indexOf('#');
  if (i < 0) return [uri, undefined];
  return [uri.slice(0, i), safeDecode(uri.slice(i + 1))];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Merge for allOf and $ref siblings: properties joined (a property both sides define is
 * read as both), required united, numeric bounds tightened, types intersected; any other
 * keyword both sides set keeps the left one (Ajv still judges the whole).
 */
export function mergeSchemas(a: SchemaNode, b: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...b, ...a };
  if (a.properties || b.properties) {
    const pa = (a.properties ?? {}) as SchemaNode;
    const pb = (b.properties ?? {}) as SchemaNode;
    const props: SchemaNode = { ...pb, ...pa };
    for (const k of Object.keys(pa)) if (k in pb && pa[k] !== pb[k]) props[k] = { allOf: [pa[k], pb[k]] };
    out.properties = props;
  }
  if (a.required || b.required) out.required = [...new Set([...asArray(a.required), ...asArray(b.required)])];
  for (const k of ['minimum', 'minLength', 'minItems', 'minProperties', 'minContains'] as const) {
    if (typeof a[k] === 'number' && typeof b[k] === 'number') out[k] = Math.max(a[k] as number, b[k] as number);
  }
  for (const k of ['maximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'] as const) {
    if (typeof a[k] === 'number' && typeof b[k] === 'number') out[k] = Math.min(a[k] as number, b[k] as number);
  }
  if (a.type !== undefined && b.type !== undefined) out.type = intersectTypes(a.type, b.type);
  if (Array.isArray(a.enum) && Array.isArray(b.enum)) {
    const right = b.enum.map((v) => JSON.stringify(v));
    out.enum = a.enum.filter((v) => right.includes(JSON.stringify(v)));
  }
  if (a.not !== undefined && b.not !== undefined && a.not !== b.not) out.not = { anyOf: [a.not, b.not] };
  for (const k of ['anyOf', 'oneOf'] as const) {
    const [x, y] = [asArray(a[k]), asArray(b[k])];
    // Both sides' unions must hold: their pairings, while that stays small.
    if (x.length > 0 && y.length > 0 && a[k] !== b[k] && x.length * y.length <= 64) out[k] = x.flatMap((p) => y.map((q) => ({ allOf: [p, q] })));
  }
  return out;
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const as = new Set<string>(Array.isArray(a) ? (a as string[]) : [a as string]);
  const bs = new Set<string>(Array.isArray(b) ? (b as string[]) : [b as string]);
  const out = new Set<string>();
  for (const t of as) {
    if (bs.has(t)) out.add(t);
    else if (t === 'integer' && bs.has('number')) out.add('integer');
    else if (t === 'number' && bs.has('integer')) out.add('integer');
  }
  const list = [...out];
  return list.length === 1 ? list[0] : list;
}
