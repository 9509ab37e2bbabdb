// Schema intake for text-to-JSON: structural caps first, then Ajv compiles the schema
// (2020-12 by default, draft-07 when the schema says so or uses draft-07-only forms).
// Compiled validators are cached by a hash of the schema, so a caller re-sending the
// same schema pays for compilation once.
import { createHash } from 'node:crypto';
import { Ajv as AjvDraft07, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { checkSchemaLimits, shortPath } from './schema-limits.ts';

// ajv-formats ships CommonJS; under ESM its plugin sits on `.default`.
type FormatsPlugin = (ajv: Ajv2020 | AjvDraft07) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  addFormatsModule) as unknown as FormatsPlugin;

export type CompiledSchema =
  | { ok: true; schema: object; validate: (v: unknown) => boolean; errors(): string; verbose: ValidateFunction }
  | { ok: false; message: string };

const CACHE_LIMIT = 256;
const cache = new Map<string, CompiledSchema>();

export function compileSchema(schema: unknown): CompiledSchema {
  const refused = checkSchemaLimits(schema);
  if (refused) return { ok: false, message: refused };
  const draft = pickDraft(schema as object | boolean);
  if (typeof draft === 'object') return draft;
  const key = createHash('sha256').update(draft).update('\0').update(JSON.stringify(schema)).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // re-insert: Map order doubles as least-recently-used order
    cache.set(key, hit);
    return hit;
  }
  const compiled = compileFresh(schema as object, draft);
  if (compiled.ok) {
    cache.set(key, compiled);
    if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  }
  return compiled;
}

type Draft = '2020-12' | 'draft-07';

function pickDraft(schema: object | boolean): Draft | { ok: false; message: string } {
  if (typeof schema === 'boolean') return '2020-12';
  const declared = (schema as Record<string, unknown>).$schema;
  if (declared === undefined) return usesDraft07Forms(schema) ? 'draft-07' : '2020-12';
  if (typeof declared !== 'string') return { ok: false, message: '$schema must be a string' };
  if (/draft\/2020-12\/schema/.test(declared)) return '2020-12';
  if (/draft-0[67]\/schema/.test(declared)) return 'draft-07';
  return { ok: false, message: 'unsupported $schema: use JSON Schema 2020-12 or draft-07' };
}

/** Tuple `items: [...]`, `additionalItems` and `definitions` are draft-07 spellings. */
function usesDraft07Forms(node: unknown, depth = 0): boolean {
  if (node === null || typeof node !== 'object' || depth > 40) return false;
  if (Array.isArray(node)) return node.some((n) => usesDraft07Forms(n, depth + 1));
  const obj = node as Record<string, unknown>;
  if (Array.isArray(obj.items) || obj.additionalItems !== undefined) return true;
  return Object.entries(obj).some(([k, v]) => k !== 'enum' && k !== 'const' && k !== 'default' && usesDraft07Forms(v, depth + 1));
}

function newAjv(draft: Draft) {
  // A fresh instance per schema: callers' `$id`s must not collide with each other.
  const options = { strict: false, allErrors: true, verbose: true, logger: false as const, $data: false, validateSchema: true };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new AjvDraft07(options);
  addFormats(ajv);
  return ajv;
}

function compileFresh(schema: object, draft: Draft): CompiledSchema {
  const ajv = newAjv(draft);
  let verbose: ValidateFunction;
  try {
    verbose = ajv.compile(schema);
  } catch (error) {
    return { ok: false, message: describeCompileError(error, ajv.errors) };
  }
  let last: ErrorObject[] | null | undefined = null;
  const validate = (value: unknown): boolean => {
    const ok = verbose(value) as boolean;
    last = verbose.errors;
    return ok;
  };
  return { ok: true, schema, validate, verbose, errors: () => describeErrors(last) };
}

function describeCompileError(error: unknown, schemaErrors: ErrorObject[] | null | undefined): string {
  if (schemaErrors && schemaErrors.length > 0) return `schema is invalid: ${describeErrors(schemaErrors)}`;
  const name = (error as { constructor?: { name?: string } })?.constructor?.name;
  if (name === 'MissingRefError') return 'schema has a $ref that does not resolve to a location inside the schema';
  const text = error instanceof Error ? error.message : '';
  // Ajv's own messages quote schema structure (keywords, formats, pointers), not caller text.
  if (/^unknown format|^strict mode|^schema is invalid|reference|^NOT SUPPORTED|regular expression|Invalid regular/i.test(text)) {
    return `schema is invalid: ${text.slice(0, 200)}`;
  }
  return 'schema could not be compiled';
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return '';
  return errors
    .slice(0, 5)
    .map((e) => `${shortPath(e.instancePath)} ${e.message ?? 'is invalid'}`)
    .join('; ');
}
