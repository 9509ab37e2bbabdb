// Structural caps on a caller's schema, checked before Ajv sees it: size, nesting depth,
// property count, local-only $ref, and screened regexes. Each refusal says what is wrong
// in terms of the schema's own structure (JSON pointers), never the caller's free text.
import { screenPattern } from './regex-screen.ts';

export const SCHEMA_LIMITS = {
  maxBytes: 100_000,
  maxDepth: 32,
  maxProperties: 500,
  maxEnumValues: 2_000,
} as const;

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

export function checkSchemaLimits(schema: unknown): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return 'schema must be a JSON Schema object';
  }
  const size = Buffer.byteLength(JSON.stringify(schema));
  if (size > SCHEMA_LIMITS.maxBytes) return `schema is too large (${size} bytes; the limit is ${SCHEMA_LIMITS.maxBytes})`;
  const counts = { properties: 0, enumValues: 0 };
  return walk(schema, '', 0, counts);
}

function walk(node: unknown, path: string, depth: number, counts: { properties: number; enumValues: number }): string | undefined {
  if (depth > SCHEMA_LIMITS.maxDepth) return `schema is nested too deeply (more than ${SCHEMA_LIMITS.maxDepth} levels, at ${shortPath(path)})`;
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const why = walk(node[i], `${path}/${i}`, depth + 1, counts);
      if (why) return why;
    }
    return undefined;
  }
  const obj = node as Record<string, unknown>;
  for (const keyword of REF_KEYWORDS) {
    const ref = obj[keyword];
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      return `${keyword} at ${shortPath(path)} points outside the schema; only local references ("#/...") are allowed`;
    }
  }
  if (obj.$data !== undefined) return `$data references are not supported (at ${shortPath(path)})`;
  if (typeof obj.pattern === 'string') {
    const why = screenPattern(obj.pattern);
    if (why) return `pattern at ${shortPath(path)} ${why}`;
  }
  if (isPlainObject(obj.patternProperties)) {
    for (const key of Object.keys(obj.patternProperties)) {
      const why = screenPattern(key);
      if (why) return `a patternProperties key at ${shortPath(path)} ${why}`;
    }
  }
  if (isPlainObject(obj.properties)) {
    counts.properties += Object.keys(obj.properties).length;
    if (counts.properties > SCHEMA_LIMITS.maxProperties) return `schema declares too many properties (the limit is ${SCHEMA_LIMITS.maxProperties})`;
  }
  if (Array.isArray(obj.enum)) {
    counts.enumValues += obj.enum.length;
    if (counts.enumValues > SCHEMA_LIMITS.maxEnumValues) return `schema lists too many enum values (the limit is ${SCHEMA_LIMITS.maxEnumValues})`;
  }
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue; // data, not schema
    const why = walk(value, `${path}/${escapePointer(key)}`, depth + 1, counts);
    if (why) return why;
  }
  return undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Schema locations are structure the caller wrote; still, keep them short in messages. */
export function shortPath(path: string): string {
  const p = path === '' ? '#' : `#${path}`;
  return p.length > 120 ? `${p.slice(0, 117)}...` : p;
}
