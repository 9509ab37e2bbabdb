// The least-committal value a schema accepts, used where the text says nothing and the
// schema still demands a value: null if allowed, else empty or zero-like values that
// respect bounds. Ajv checks the result; this only has to be right most of the time.
import type { SchemaNav, SchemaNode } from './schema-nav.ts';

const FORMAT_PLACEHOLDERS: Record<string, string> = {
  date: '1970-01-01',
  'date-time': '1970-01-01T00:00:00Z',
  time: '00:00:00Z',
  email: 'unknown@example.invalid',
  'idn-email': 'unknown@example.invalid',
  uri: 'urn:unknown',
  'uri-reference': '',
  iri: 'urn:unknown',
  url: 'http://unknown.invalid',
  uuid: '00000000-0000-0000-0000-000000000000',
  ipv4: '0.0.0.0',
  ipv6: '::',
  hostname: 'unknown.invalid',
  duration: 'P0D',
};

const NEUTRAL_ENUM = /^(unknown|not specified|unspecified|not stated|not mentioned|none|n\/?a|other)$/i;

export function leastValue(nav: SchemaNav, raw: unknown, depth = 0): unknown {
  const node = nav.resolve(raw);
  if (depth > 12) return null;
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    if (node.enum.includes(null)) return null;
    return node.enum.find((v) => typeof v === 'string' && NEUTRAL_ENUM.test(v)) ?? node.enum[0];
  }
  if (node.default !== undefined) return node.default;
  const branches = nav.branches(node);
  if (branches.length > 0) {
    const nullable = branches.find((b) => nav.allowsNull(b));
    return leastValue(nav, nullable ?? branches[0], depth + 1);
  }
  const types = nav.types(node);
  if (types.has('null')) return null;
  if (types.has('array')) return leastArray(nav, node, depth);
  if (types.has('object')) return leastObject(nav, node, depth);
  if (types.has('string')) return leastString(node);
  if (types.has('integer')) return leastNumber(node, true);
  if (types.has('number')) return leastNumber(node, false);
  if (types.has('boolean')) return false;
  return null;
}

function leastArray(nav: SchemaNav, node: SchemaNode, depth: number): unknown[] {
  const min = typeof node.minItems === 'number' ? node.minItems : 0;
  const out: unknown[] = [];
  for (let i = 0; i < Math.min(min, 100); i++) out.push(leastValue(nav, nav.itemSchema(node, i), depth + 1));
  return out;
}

function leastObject(nav: SchemaNav, node: SchemaNode, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (node.properties ?? {}) as Record<string, unknown>;
  for (const key of Array.isArray(node.required) ? (node.required as string[]) : []) {
    const sub = props[key] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : {});
    out[key] = leastValue(nav, sub, depth + 1);
  }
  return out;
}

export function leastString(node: SchemaNode): string {
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Infinity;
  const format = typeof node.format === 'string' ? FORMAT_PLACEHOLDERS[node.format] : undefined;
  const candidates = format !== undefined ? [format] : ['', 'unknown', 'unknown'.padEnd(Math.max(min, 7), '?'), '0', 'a', 'A', 'x', '-'];
  const pattern = typeof node.pattern === 'string' ? safeRegex(node.pattern) : undefined;
  for (const c of candidates) {
    if (c.length < min || c.length > max) continue;
    if (pattern && !pattern.test(c)) continue;
    return c;
  }
  return format ?? 'unknown'.padEnd(min, '?').slice(0, Math.max(min, Math.min(max, 7)));
}

export function leastNumber(node: SchemaNode, integer: boolean): number {
  let v = 0;
  const step = integer ? 1 : 0.001;
  if (typeof node.minimum === 'number' && v < node.minimum) v = node.minimum;
  if (typeof node.exclusiveMinimum === 'number' && v <= node.exclusiveMinimum) v = node.exclusiveMinimum + step;
  if (typeof node.maximum === 'number' && v > node.maximum) v = node.maximum;
  if (typeof node.exclusiveMaximum === 'number' && v >= node.exclusiveMaximum) v = node.exclusiveMaximum - step;
  if (typeof node.multipleOf === 'number' && node.multipleOf > 0) v = Math.ceil(v / node.multipleOf) * node.multipleOf;
  return integer ? Math.ceil(v) : v;
}

function safeRegex(p: string): RegExp | undefined {
  try {
    return new RegExp(p, 'u');
  } catch {
    return undefined;
  }
}
