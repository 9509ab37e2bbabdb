// Reading a caller's schema for extraction: follow local $refs, fold allOf, and answer
// "what types, which properties, is null allowed" without caring about the draft.
// Ajv stays the judge of validity; this only guides what to look for.

export type SchemaNode = Record<string, unknown>;
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';
const ALL_TYPES: JsonType[] = ['null', 'boolean', 'integer', 'number', 'string', 'array', 'object'];

export class SchemaNav {
  constructor(readonly root: unknown) {}

  /** The node with $ref followed and allOf folded in; `false` schemas become {not:{}}. */
  resolve(node: unknown, depth = 0): SchemaNode {
    if (node === true || node === undefined) return {};
    if (node === false) return { not: {} };
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return {};
    let out = node as SchemaNode;
    if (depth > 16) return out;
    if (typeof out.$ref === 'string') {
      const { $ref, ...siblings } = out;
      out = { ...this.resolve(this.pointer($ref as string), depth + 1), ...siblings };
    }
    if (Array.isArray(out.allOf)) {
      const { allOf, ...rest } = out;
      let merged: SchemaNode = rest;
      for (const part of allOf as unknown[]) merged = mergeSchemas(merged, this.resolve(part, depth + 1));
      out = merged;
    }
    return out;
  }

  private pointer(ref: string): unknown {
    if (ref === '#' || ref === '#/') return this.root;
    if (!ref.startsWith('#/')) return findAnchor(this.root, ref.slice(1));
    let cur: unknown = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (cur === null || typeof cur !== 'object') return {};
      cur = (cur as Record<string, unknown>)[part];
    }
    return cur ?? {};
  }

  /** Union branches (anyOf/oneOf), each resolved; empty when the node has none. */
  branches(node: SchemaNode): SchemaNode[] {
    const list = [...asArray(node.anyOf), ...asArray(node.oneOf)];
    return list.map((b) => {
      // Siblings of anyOf (description, type…) apply to every branch.
      const { anyOf: _a, oneOf: _o, ...siblings } = node;
      return mergeSchemas(siblings, this.resolve(b));
    });
  }

  types(node: SchemaNode): Set<JsonType> {
    if (node.const !== undefined) return new Set([typeOf(node.const)]);
    if (Array.isArray(node.enum)) return new Set(node.enum.map(typeOf));
    const declared = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : undefined;
    if (declared) return new Set(declared.filter((t): t is JsonType => ALL_TYPES.includes(t as JsonType)));
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

function findAnchor(node: unknown, name: string, depth = 0): unknown {
  if (node === null || typeof node !== 'object' || depth > 40) return undefined;
  const obj = node as Record<string, unknown>;
  if (obj.$anchor === name || obj.$id === `#${name}`) return obj;
  for (const v of Object.values(obj)) {
    const hit = findAnchor(v, name, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

/** Shallow merge for guidance: properties joined, required united, first type wins. */
export function mergeSchemas(a: SchemaNode, b: SchemaNode): SchemaNode {
  const out: SchemaNode = { ...b, ...a };
  if (a.properties || b.properties) out.properties = { ...(b.properties as object), ...(a.properties as object) };
  if (a.required || b.required) out.required = [...new Set([...asArray(a.required), ...asArray(b.required)])];
  return out;
}
