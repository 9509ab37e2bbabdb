// The smallest value a subschema accepts, built by construction: unions try each branch,
// objects take their required (and dependent) properties, arrays their minimum items with
// `contains` and uniqueness (strings and numbers: generate-scalars.ts). Output caps are
// enforced while building: a schema whose smallest instance is infinite or too large is
// refused by keyword and path, never expanded.
import { type GenContext, NO_VALUE, SchemaRefusal } from './gen-context.ts';
import { numberFor, stringFor } from './generate-scalars.ts';
import { stringForPattern } from './pattern-gen.ts';
import { quickCheck, same } from './quick-check.ts';
import { callerRegex } from './schema-regex.ts';
import type { SchemaLimits } from './schema-limits.ts';
import { mergeSchemas, type SchemaNav, type SchemaNode } from './schema-nav.ts';
import { escapePointer, shortPath } from './schema-limits.ts';

export { NO_VALUE, SchemaRefusal, type GenContext };
type Made = unknown | typeof NO_VALUE;


const MAX_WORK = 2_000_000;
const MAX_RECURSION = 4;

export function generate(g: GenContext, raw: unknown, path = '', depth = 0): Made {
  if (raw === false) return NO_VALUE;
  if (++g.work > MAX_WORK) throw new SchemaRefusal(`the schema is too complex to build its smallest instance within limits (at ${shortPath(path)})`);
  if (depth > g.limits.maxOutputDepth) {
    g.deepest ??= path;
    return NO_VALUE;
  }
  const node = g.nav.resolve(raw);
  // A schema met again inside itself: a few rounds of recursion are enough for any smallest
  // instance; more only multiply the branches to try.
  const active = (g.active ??= new Map());
  const seen = active.get(node) ?? 0;
  if (seen >= MAX_RECURSION) {
    g.deepest ??= path;
    return NO_VALUE;
  }
  active.set(node, seen + 1);
  try {
    return build(g, node, path, depth);
  } finally {
    active.set(node, seen);
  }
}

function build(g: GenContext, node: SchemaNode, path: string, depth: number): Made {
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum)) return node.enum.find((v) => quickCheck(g.nav, withoutEnum(node), v)) ?? (node.enum.length > 0 ? node.enum[0] : NO_VALUE);
  const branches = g.nav.branches(node);
  if (branches.length > 0) return firstBranch(g, node, branches, path, depth);
  if (node.if !== undefined && (node.then !== undefined || node.else !== undefined)) return conditional(g, node, path, depth);
  for (const type of typeOrder(g, node)) {
    const v = ofType(g, node, type, path, depth);
    if (v === NO_VALUE) continue;
    if (node.not === undefined || !quickCheck(g.nav, node.not, v)) return v;
    // The smallest value is what `not` forbids: a variation on it may not be.
    const other = [...variations(g, node, v, 4), ...escapesFromNot(g, node, v)].find((x) => !quickCheck(g.nav, node.not, x) && quickCheck(g.nav, withoutNot(node), x));
    if (other !== undefined) return other;
  }
  return NO_VALUE;
}

/** An object `not` names properties of: give one of them a value `not` does not describe. */
function escapesFromNot(g: GenContext, node: SchemaNode, v: unknown): unknown[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return [];
  const forbidden = g.nav.resolve(node.not);
  const out: unknown[] = [];
  for (const k of Object.keys((forbidden.properties ?? {}) as object).slice(0, 8)) {
    const own = g.nav.resolve(propertySchema(g, node, k));
    const first = generate(g, own);
    if (first === NO_VALUE) continue;
    for (const x of [first, ...variations(g, own, first, 3)]) {
      if (!quickCheck(g.nav, ((forbidden.properties ?? {}) as Record<string, unknown>)[k], x)) out.push({ ...(v as object), [k]: x });
    }
  }
  return out;
}

function withoutNot(node: SchemaNode): SchemaNode {
  const { not: _n, ...rest } = node;
  return rest;
}

function withoutEnum(node: SchemaNode): SchemaNode {
  const { enum: _e, ...rest } = node;
  return rest;
}

/** Branches in order, the non-recursive ones first; the first that builds and fits wins. */
function firstBranch(g: GenContext, node: SchemaNode, branches: SchemaNode[], path: string, depth: number): Made {
  const exclusive = Array.isArray(node.oneOf) && node.anyOf === undefined ? (node.oneOf as unknown[]) : undefined;
  let fallback: Made = NO_VALUE;
  for (const b of branches) {
    const v = generate(g, b, path, depth + 1);
    if (v === NO_VALUE || (node.not !== undefined && quickCheck(g.nav, node.not, v))) continue;
    // oneOf: prefer a value exactly one branch accepts.
    if (exclusive && !onlyOne(g, exclusive, v)) {
      // A richer value may tell the branches apart: another property, number or string.
      const told = [...variations(g, b, v, 4), ...breakers(g, branches, b)].find((x) => onlyOne(g, exclusive, x) && quickCheck(g.nav, b, x));
      if (told !== undefined) return told;
      if (fallback === NO_VALUE) fallback = v;
      continue;
    }
    return v;
  }
  return fallback;
}

/** Objects that break another branch's property (wrong type): they leave a branch that allows anything. */
function breakers(g: GenContext, branches: SchemaNode[], own: SchemaNode): unknown[] {
  const out: unknown[] = [];
  for (const other of branches) {
    if (other === own) continue;
    for (const k of Object.keys((other.properties ?? {}) as object).slice(0, 8)) out.push({ [k]: null }, { [k]: 'x' }, { [k]: 0 }, { [k]: {} });
  }
  return out;
}

function onlyOne(g: GenContext, branches: unknown[], v: unknown): boolean {
  return branches.filter((x) => quickCheck(g.nav, x, v)).length === 1;
}

/** if/then/else: build under `else` and keep it if `if` fails; else build under `then`. */
function conditional(g: GenContext, node: SchemaNode, path: string, depth: number): Made {
  const { if: cond, then, else: otherwise, ...base } = node;
  const tries: [SchemaNode, boolean][] = [];
  tries.push([otherwise !== undefined ? mergeSchemas(base, g.nav.resolve(otherwise)) : base, false]);
  tries.push([then !== undefined ? mergeSchemas(base, g.nav.resolve(then)) : base, true]);
  let last: Made = NO_VALUE;
  for (const [schema, wantIf] of tries) {
    const v = generate(g, schema, path, depth + 1);
    if (v === NO_VALUE) continue;
    if (quickCheck(g.nav, cond, v) === wantIf) return v;
    last = v;
  }
  return last;
}

const ORDER = ['null', 'boolean', 'integer', 'number', 'string', 'object', 'array'];

function typeOrder(g: GenContext, node: SchemaNode): string[] {
  const types = g.nav.types(node);
  const declared = node.type !== undefined;
  // With no type, the keywords present say what the author had in mind.
  if (!declared) {
    if (node.properties || node.required || node.minProperties !== undefined || node.patternProperties) return ['object', ...ORDER];
    if (node.items || node.prefixItems || node.minItems !== undefined || node.contains) return ['array', ...ORDER];
    if (node.pattern || node.format || node.minLength !== undefined) return ['string', ...ORDER];
    if (node.minimum !== undefined || node.maximum !== undefined || node.multipleOf !== undefined) return ['number', ...ORDER];
  }
  return ORDER.filter((t) => types.has(t as never));
}

function ofType(g: GenContext, node: SchemaNode, type: string, path: string, depth: number): Made {
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'integer':
      return numberFor(node, true);
    case 'number':
      return numberFor(node, false);
    case 'string':
      return stringFor(g, node, path);
    case 'object':
      return objectFor(g, node, path, depth);
    case 'array':
      return arrayFor(g, node, path, depth);
    default:
      return NO_VALUE;
  }
}

function objectFor(g: GenContext, raw: SchemaNode, path: string, depth: number): Made {
  let node = raw;
  const out: Record<string, unknown> = {};
  const required = new Set<string>(stringList(node.required));
  // Dependencies add requirements (and schemas) as properties appear: run to a fixed point.
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (const key of [...required]) {
      if (key in out) continue;
      const v = generate(g, propertySchema(g, node, key), `${path}/${escapePointer(key)}`, depth + 1);
      if (v === NO_VALUE) return NO_VALUE;
      setOwn(out, key, v);
      changed = true;
    }
    const grown = applyDependencies(g, node, out, required);
    node = grown.node;
    if (!changed && !grown.changed) break;
  }
  if (!fillMinProperties(g, node, out, path, depth)) return NO_VALUE;
  return out;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The schema a property's value must meet: its own, any matching patternProperties, else additionalProperties. */
export function propertySchema(g: GenContext, node: SchemaNode, key: string): unknown {
  const parts: unknown[] = [];
  const props = (node.properties ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(props, key)) parts.push(props[key]);
  const patterns = (node.patternProperties ?? {}) as Record<string, unknown>;
  for (const [p, s] of Object.entries(patterns)) if (safeTest(p, key)) parts.push(s);
  if (parts.length === 0 && node.additionalProperties !== undefined) parts.push(node.additionalProperties);
  if (parts.length === 0 && node.unevaluatedProperties !== undefined) parts.push(node.unevaluatedProperties);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0] : { allOf: parts };
}

function safeTest(pattern: string, s: string): boolean {
  try {
    return callerRegex(pattern).test(s);
  } catch {
    return false;
  }
}

function applyDependencies(g: GenContext, node: SchemaNode, out: Record<string, unknown>, required: Set<string>): { node: SchemaNode; changed: boolean } {
  let changed = false;
  let merged = node;
  const lists = { ...((node.dependencies ?? {}) as Record<string, unknown>), ...((node.dependentRequired ?? {}) as Record<string, unknown>) };
  for (const [key, dep] of Object.entries(lists)) {
    if (!(key in out)) continue;
    if (Array.isArray(dep)) {
      for (const k of stringList(dep)) if (!required.has(k)) (required.add(k), (changed = true));
    }
  }
  const schemas = { ...((node.dependencies ?? {}) as Record<string, unknown>), ...((node.dependentSchemas ?? {}) as Record<string, unknown>) };
  for (const [key, dep] of Object.entries(schemas)) {
    if (!(key in out) || Array.isArray(dep) || dep === true) continue;
    const sub = g.nav.resolve(dep);
    for (const k of stringList(sub.required)) if (!required.has(k)) (required.add(k), (changed = true));
    merged = mergeSchemas(merged, { ...sub, required: undefined });
  }
  return { node: merged, changed };
}

/** Optional properties (declared, then pattern-named, then free names) up to minProperties. */
function fillMinProperties(g: GenContext, node: SchemaNode, out: Record<string, unknown>, path: string, depth: number): boolean {
  const min = typeof node.minProperties === 'number' ? node.minProperties : 0;
  if (min > g.limits.maxOutputNodes) {
    throw new SchemaRefusal(`minProperties ${min} at ${shortPath(path)} is over the output limit of ${g.limits.maxOutputNodes} values (CLINSCRIBE_T2J_MAX_OUTPUT_NODES)`);
  }
  if (Object.keys(out).length >= min) return true;
  for (const key of candidateNames(g, node, min)) {
    if (Object.keys(out).length >= min) break;
    if (key in out || !nameAllowed(g, node, key)) continue;
    const v = generate(g, propertySchema(g, node, key), `${path}/${escapePointer(key)}`, depth + 1);
    if (v !== NO_VALUE) setOwn(out, key, v);
  }
  return Object.keys(out).length >= min;
}

function candidateNames(g: GenContext, node: SchemaNode, min: number): string[] {
  const names = Object.keys((node.properties ?? {}) as object);
  const namesSchema = g.nav.resolve(node.propertyNames);
  for (const p of Object.keys((node.patternProperties ?? {}) as object)) {
    // Distinct names from one pattern: its matches of growing length.
    let length = Math.max(1, numberOr(namesSchema.minLength, 1));
    for (let k = 0; k < Math.min(min, 16) + 1; k++) {
      const made = stringForPattern(p, length, numberOr(namesSchema.maxLength, Infinity));
      if (made === undefined) break;
      names.push(made);
      length = [...made].length + 1;
    }
  }
  if (Array.isArray(namesSchema.enum)) names.push(...stringList(namesSchema.enum));
  if (typeof namesSchema.const === 'string') names.push(namesSchema.const);
  if (typeof namesSchema.pattern === 'string') {
    const made = stringForPattern(namesSchema.pattern, numberOr(namesSchema.minLength, 1), numberOr(namesSchema.maxLength, Infinity));
    if (made !== undefined) names.push(made);
  }
  for (let i = 0; names.length < min + 8 && i < min + 8; i++) names.push(`key${i}`);
  return names;
}

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' ? v : fallback;
}

function nameAllowed(g: GenContext, node: SchemaNode, key: string): boolean {
  if (node.propertyNames !== undefined && !quickCheck(g.nav, node.propertyNames, key)) return false;
  const declared = Object.hasOwn((node.properties ?? {}) as object, key);
  const patterned = Object.keys((node.patternProperties ?? {}) as object).some((p) => safeTest(p, key));
  return declared || patterned || (node.additionalProperties !== false && node.unevaluatedProperties !== false);
}

function arrayFor(g: GenContext, node: SchemaNode, path: string, depth: number): Made {
  const min = typeof node.minItems === 'number' ? node.minItems : 0;
  const max = typeof node.maxItems === 'number' ? node.maxItems : Infinity;
  if (min > g.limits.maxOutputNodes) {
    throw new SchemaRefusal(`minItems ${min} at ${shortPath(path)} is over the output limit of ${g.limits.maxOutputNodes} values (CLINSCRIBE_T2J_MAX_OUTPUT_NODES)`);
  }
  const contains = node.contains;
  const needContains = contains === undefined ? 0 : typeof node.minContains === 'number' ? node.minContains : 1;
  const count = Math.max(min, needContains);
  if (count > max) return NO_VALUE;
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const itemPath = `${path}/${i}`;
    const base = g.nav.itemSchema(node, i);
    const schema = i < needContains ? mergeSchemas(base, g.nav.resolve(contains)) : base;
    const v = node.uniqueItems === true ? distinctItem(g, schema, out, itemPath, depth) : generate(g, schema, itemPath, depth + 1);
    if (v === NO_VALUE) return NO_VALUE;
    // minItems multiplies whatever one item costs: refuse before building the product.
    if (i === 0 && count * valueCount(v, g.limits.maxOutputNodes) > g.limits.maxOutputNodes) {
      throw new SchemaRefusal(`minItems ${count} at ${shortPath(path)} makes the smallest instance larger than ${g.limits.maxOutputNodes} values (CLINSCRIBE_T2J_MAX_OUTPUT_NODES)`);
    }
    if (i === 0 && count * (JSON.stringify(v) ?? '').length > g.limits.maxOutputBytes) {
      throw new SchemaRefusal(`minItems ${count} at ${shortPath(path)} makes the smallest instance larger than ${g.limits.maxOutputBytes} bytes (CLINSCRIBE_T2J_MAX_OUTPUT_BYTES)`);
    }
    out.push(v);
  }
  return out;
}

/** Values in a JSON value (itself included), counting no further than `cap`. */
function valueCount(v: unknown, cap: number): number {
  let n = 1;
  if (v === null || typeof v !== 'object') return n;
  for (const x of Array.isArray(v) ? v : Object.values(v)) {
    n += valueCount(x, cap - n);
    if (n > cap) break;
  }
  return n;
}

/** An item unlike those before it: the least value, else variations on it. */
function distinctItem(g: GenContext, schema: SchemaNode, before: unknown[], path: string, depth: number): Made {
  const first = generate(g, schema, path, depth + 1);
  if (first === NO_VALUE || !before.some((b) => same(b, first))) return first;
  for (const v of variations(g, schema, first, before.length + 4)) {
    if (!before.some((b) => same(b, v)) && quickCheck(g.nav, schema, v)) return v;
  }
  return NO_VALUE;
}

function variations(g: GenContext, schema: SchemaNode, v: unknown, n: number): unknown[] {
  const node = g.nav.resolve(schema);
  if (Array.isArray(node.enum)) return node.enum;
  if (typeof v === 'boolean') return [true, false];
  if (typeof v === 'number') {
    const step = typeof node.multipleOf === 'number' ? node.multipleOf : 1;
    return Array.from({ length: n * 2 }, (_, i) => (i % 2 === 0 ? v + step * (i / 2 + 1) : v - step * ((i + 1) / 2)));
  }
  if (typeof v === 'string') return Array.from({ length: n }, (_, i) => `${v}${i}`).concat(Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(Math.max(1, v.length))));
  if (Array.isArray(v)) {
    // One more item: an empty array fits every branch; an item tells them apart.
    const item = generate(g, g.nav.itemSchema(node, v.length));
    return item === NO_VALUE ? [] : [[...v, item]];
  }
  if (v !== null && typeof v === 'object') {
    const props = Object.keys((node.properties ?? {}) as object).filter((k) => !(k in v));
    return props.map((k) => ({ ...v, [k]: generate(g, ((node.properties ?? {}) as Record<string, unknown>)[k]) })).filter((x) => !Object.values(x).includes(NO_VALUE));
  }
  return [];
}

/** Sets an own property, even one named "__proto__" (a caller's key is data, not a prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
