// A quick, partial "does this value satisfy this subschema" used while building a value:
// to decide an `if`, a `not`, a `contains` or a union branch before Ajv judges the whole
// answer. It knows the common keywords and lets the rest pass; Ajv remains the judge.
import { callerRegex } from './schema-regex.ts';
import { type SchemaNav, typeOf } from './schema-nav.ts';

export function quickCheck(nav: SchemaNav, raw: unknown, value: unknown, depth = 0): boolean {
  if (raw === true || raw === undefined) return true;
  if (raw === false) return false;
  if (depth > 24) return true;
  const node = nav.resolve(raw);
  if (node.const !== undefined && !same(node.const, value)) return false;
  if (Array.isArray(node.enum) && !node.enum.some((v) => same(v, value))) return false;
  if (node.type !== undefined && !typeMatches(node.type, value)) return false;
  if (node.not !== undefined && quickCheck(nav, node.not, value, depth + 1)) return false;
  if (Array.isArray(node.anyOf) && !node.anyOf.some((b) => quickCheck(nav, b, value, depth + 1))) return false;
  if (Array.isArray(node.oneOf) && node.oneOf.filter((b) => quickCheck(nav, b, value, depth + 1)).length !== 1) return false;
  if (typeof value === 'string') return stringOk(node, value);
  if (typeof value === 'number') return numberOk(node, value);
  if (Array.isArray(value)) return arrayOk(nav, node, value, depth);
  if (value !== null && typeof value === 'object') return objectOk(nav, node, value as Record<string, unknown>, depth);
  return true;
}

function stringOk(node: Record<string, unknown>, value: string): boolean {
  const len = [...value].length;
  if (typeof node.minLength === 'number' && len < node.minLength) return false;
  if (typeof node.maxLength === 'number' && len > node.maxLength) return false;
  if (typeof node.pattern === 'string') {
    try {
      if (!callerRegex(node.pattern).test(value)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function numberOk(node: Record<string, unknown>, v: number): boolean {
  const { minimum: min, maximum: max, exclusiveMinimum: xmin, exclusiveMaximum: xmax, multipleOf: m } = node;
  if (typeof min === 'number' && (xmin === true ? v <= min : v < min)) return false;
  if (typeof max === 'number' && (xmax === true ? v >= max : v > max)) return false;
  if (typeof xmin === 'number' && v <= xmin) return false;
  if (typeof xmax === 'number' && v >= xmax) return false;
  if (typeof m === 'number' && m > 0 && !isMultiple(v, m)) return false;
  return true;
}

/** Ajv's own test: the quotient is an integer. */
export function isMultiple(v: number, m: number): boolean {
  return Number.isInteger(v / m);
}

function arrayOk(nav: SchemaNav, node: Record<string, unknown>, value: unknown[], depth: number): boolean {
  if (typeof node.minItems === 'number' && value.length < node.minItems) return false;
  if (typeof node.maxItems === 'number' && value.length > node.maxItems) return false;
  return value.every((v, i) => quickCheck(nav, nav.itemSchema(node, i), v, depth + 1));
}

function objectOk(nav: SchemaNav, node: Record<string, unknown>, value: Record<string, unknown>, depth: number): boolean {
  if (Array.isArray(node.required) && !node.required.every((k) => typeof k === 'string' && k in value)) return false;
  const props = (node.properties ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) {
    if (k in props && !quickCheck(nav, props[k], v, depth + 1)) return false;
    if (!(k in props) && node.additionalProperties === false && node.patternProperties === undefined) return false;
  }
  const count = Object.keys(value).length;
  if (typeof node.minProperties === 'number' && count < node.minProperties) return false;
  if (typeof node.maxProperties === 'number' && count > node.maxProperties) return false;
  return true;
}

function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const t = typeOf(value);
  return types.some((x) => x === t || (x === 'number' && t === 'integer') || (x === 'integer' && typeof value === 'number' && Number.isInteger(value)));
}

export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return stableJson(a) === stableJson(b);
}

function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}
