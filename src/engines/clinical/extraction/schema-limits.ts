// Limits for text-to-JSON, each a named CLINSCRIBE_T2J_* setting, and the structural caps
// checked on a caller's schema before Ajv sees it: size, nesting depth, property and enum
// counts, and every caller pattern compiled on re2js. Caps admit real-world schemas (over
// 1 MB, thousands of properties and enum values); each refusal names the schema location.
import { callerRegex, UnsupportedPatternError } from './schema-regex.ts';

export interface SchemaLimits {
  /** Schema text, in bytes of JSON. */
  maxSchemaBytes: number;
  maxSchemaDepth: number;
  maxSchemaProperties: number;
  maxEnumValues: number;
  maxPatternLength: number;
  /** The answer: bytes of JSON, nesting depth, and values (nodes). */
  maxOutputBytes: number;
  maxOutputDepth: number;
  maxOutputNodes: number;
  /** Compiled schemas kept (least recently used go first). */
  cacheEntries: number;
}

const DEFAULTS: SchemaLimits = {
  maxSchemaBytes: 4_000_000,
  maxSchemaDepth: 256,
  maxSchemaProperties: 50_000,
  maxEnumValues: 100_000,
  maxPatternLength: 20_000,
  maxOutputBytes: 1_000_000,
  maxOutputDepth: 64,
  maxOutputNodes: 100_000,
  cacheEntries: 256,
};

const VARIABLES: Record<keyof SchemaLimits, string> = {
  maxSchemaBytes: 'CLINSCRIBE_T2J_MAX_SCHEMA_BYTES',
  maxSchemaDepth: 'CLINSCRIBE_T2J_MAX_SCHEMA_DEPTH',
  maxSchemaProperties: 'CLINSCRIBE_T2J_MAX_SCHEMA_PROPERTIES',
  maxEnumValues: 'CLINSCRIBE_T2J_MAX_ENUM_VALUES',
  maxPatternLength: 'CLINSCRIBE_T2J_MAX_PATTERN_LENGTH',
  maxOutputBytes: 'CLINSCRIBE_T2J_MAX_OUTPUT_BYTES',
  maxOutputDepth: 'CLINSCRIBE_T2J_MAX_OUTPUT_DEPTH',
  maxOutputNodes: 'CLINSCRIBE_T2J_MAX_OUTPUT_NODES',
  cacheEntries: 'CLINSCRIBE_T2J_SCHEMA_CACHE',
};

let current: SchemaLimits | undefined;

/**
 * Read once from the environment (worker threads inherit it), so the engine stays a pure
 * function of text and schema; a malformed value fails loudly rather than silently.
 */
export function schemaLimits(env: NodeJS.ProcessEnv = process.env): SchemaLimits {
  if (current && env === process.env) return current;
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof SchemaLimits)[]) {
    const raw = env[VARIABLES[key]];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${VARIABLES[key]} must be a positive integer`);
    out[key] = n;
  }
  if (env === process.env) current = out;
  return out;
}

/** Kept for callers that print the caps. */
export const SCHEMA_LIMITS = DEFAULTS;

export interface LimitRefusal {
  message: string;
  /** A well-formed schema the service will not run (422) rather than a malformed one (400). */
  refused: boolean;
}

export function checkSchemaLimits(schema: unknown, text?: string): LimitRefusal | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return { message: 'schema must be a JSON Schema object', refused: false };
  }
  const limits = schemaLimits();
  const size = Buffer.byteLength(text ?? JSON.stringify(schema));
  if (size > limits.maxSchemaBytes) {
    return { message: `schema is too large (${size} bytes; the limit is ${limits.maxSchemaBytes}, CLINSCRIBE_T2J_MAX_SCHEMA_BYTES)`, refused: true };
  }
  const counts = { properties: 0, enumValues: 0 };
  return walk(schema, '', 0, counts, limits);
}

type Counts = { properties: number; enumValues: number };

function walk(node: unknown, path: string, depth: number, counts: Counts, limits: SchemaLimits): LimitRefusal | undefined {
  if (depth > limits.maxSchemaDepth) {
    return { message: `schema is nested too deeply (more than ${limits.maxSchemaDepth} levels, at ${shortPath(path)})`, refused: true };
  }
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const why = walk(node[i], `${path}/${i}`, depth + 1, counts, limits);
      if (why) return why;
    }
    return undefined;
  }
  const obj = node as Record<string, unknown>;
  const why = checkNode(obj, path, counts, limits);
  if (why) return why;
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue; // data, not schema
    const inner = walk(value, `${path}/${escapePointer(key)}`, depth + 1, counts, limits);
    if (inner) return inner;
  }
  return undefined;
}

function checkNode(obj: Record<string, unknown>, path: string, counts: Counts, limits: SchemaLimits): LimitRefusal | undefined {
  if (typeof obj.pattern === 'string') {
    const why = patternProblem(obj.pattern, limits);
    if (why) return { message: `pattern at ${shortPath(`${path}/pattern`)} ${why.reason}`, refused: why.refused };
  }
  if (isPlainObject(obj.patternProperties)) {
    for (const key of Object.keys(obj.patternProperties)) {
      const why = patternProblem(key, limits);
      if (why) return { message: `a patternProperties key at ${shortPath(`${path}/patternProperties`)} ${why.reason}`, refused: why.refused };
    }
  }
  if (isPlainObject(obj.properties)) {
    counts.properties += Object.keys(obj.properties).length;
    if (counts.properties > limits.maxSchemaProperties) {
      return { message: `schema declares too many properties (the limit is ${limits.maxSchemaProperties}, CLINSCRIBE_T2J_MAX_SCHEMA_PROPERTIES)`, refused: true };
    }
  }
  if (Array.isArray(obj.enum)) {
    counts.enumValues += obj.enum.length;
    if (counts.enumValues > limits.maxEnumValues) {
      return { message: `schema lists too many enum values (the limit is ${limits.maxEnumValues}, CLINSCRIBE_T2J_MAX_ENUM_VALUES)`, refused: true };
    }
  }
  return undefined;
}

function patternProblem(pattern: string, limits: SchemaLimits): { reason: string; refused: boolean } | undefined {
  if (pattern.length > limits.maxPatternLength) return { reason: `is longer than ${limits.maxPatternLength} characters (CLINSCRIBE_T2J_MAX_PATTERN_LENGTH)`, refused: true };
  try {
    callerRegex(pattern);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return { reason: error.reason, refused: true };
    throw error;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Schema locations are structure the caller wrote; still, keep them short in messages. */
export function shortPath(path: string): string {
  const p = path === '' ? '#' : `#${path}`;
  return p.length > 120 ? `${p.slice(0, 117)}...` : p;
}
