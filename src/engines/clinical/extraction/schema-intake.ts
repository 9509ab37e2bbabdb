// Schema intake for text-to-JSON: structural caps first, then Ajv compiles the schema by
// its own draft (schema-drafts.ts) with caller patterns on re2js (schema-regex.ts).
// Compiled validators are cached by a hash of the schema in a bounded LRU, so a caller
// re-sending the same schema pays for compilation once.
import { createHash } from 'node:crypto';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import { type AnyAjv, type Draft, newAjv, pickDraft } from './schema-drafts.ts';
import { checkSchemaLimits, schemaLimits, shortPath } from './schema-limits.ts';
import { re2Engine, UnsupportedPatternError } from './schema-regex.ts';

export type CompiledSchema =
  | { ok: true; schema: object; draft: Draft; validate: (v: unknown) => boolean; errors(): string; verbose: ValidateFunction; ajv: AnyAjv }
  /** `refused`: a well-formed schema the service will not run (422), not a malformed one (400). */
  | { ok: false; message: string; refused?: boolean };

/** Sized on first use: the bound is a setting read at run time. */
let cache: LRUCache<string, CompiledSchema> | undefined;

export function compileSchema(schema: unknown): CompiledSchema {
  // The cache is consulted first: the same schema text passes the same checks every time.
  const text = schema === undefined ? '' : JSON.stringify(schema);
  const key = createHash('sha256').update(text).digest('hex');
  cache ??= new LRUCache({ max: schemaLimits().cacheEntries });
  const hit = cache.get(key);
  if (hit) return hit;
  const limited = checkSchemaLimits(schema, text);
  if (limited) return { ok: false, message: limited.message, refused: limited.refused };
  const { draft } = pickDraft(schema);
  const compiled = compileFresh(typeof schema === 'boolean' ? schema : (schema as object), draft);
  if (compiled.ok) cache.set(key, compiled);
  return compiled;
}

/**
 * The schema Ajv compiles: `$schema` is dropped because the draft is already chosen, and a
 * meta-schema URI Ajv does not hold (https spellings, draft-03, "schema#") would not load.
 */
export function withoutMetaSchema(schema: object | boolean): object | boolean {
  if (typeof schema === 'boolean' || !('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function compileFresh(original: object | boolean, draft: Draft): CompiledSchema {
  const first = compileOnce(original, draft);
  if (first.ok || first.refused) return first;
  // Generated schemas often give every property an `id` of its own name, repeated across
  // branches: the repeats identify nothing (no $ref can tell them apart), so they go.
  if (/resolves to more than one schema/.test(first.message)) return compileOnce(withoutIds(original, 'repeated'), draft);
  // A schema that calls itself by a meta-schema's URI: the name is dropped, the schema kept.
  if (/already taken/.test(first.message) && typeof original === 'object') {
    const { $id: _i, id: _d, ...rest } = original as Record<string, unknown>;
    return compileOnce(rest, draft);
  }
  // A nested `id` that moves the base URI under refs written from the root ("#/definitions/…"):
  // read those refs from the root, as their author did.
  if (/does not resolve/.test(first.message)) {
    const second = compileOnce(withoutIds(original, 'nested'), draft);
    return second.ok ? second : first;
  }
  return first;
}

function compileOnce(schema: object | boolean, draft: Draft): CompiledSchema {
  // No meta-schema pass up front: it costs more than the compilation itself. A schema its
  // meta-schema faults on a detail (duplicate enum items, say) that Ajv can still compile is
  // accepted (liberal in what we read, strict in what we answer); when Ajv cannot compile
  // it, the meta-schema's findings make the message.
  const target = withoutMetaSchema(schema) as object;
  const ajv = newAjv(draft, re2Engine, { validateSchema: false });
  let verbose: ValidateFunction;
  try {
    verbose = ajv.compile(target);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) return { ok: false, refused: true, message: `a pattern ${error.reason}` };
    let metaErrors: ErrorObject[] | null | undefined;
    try {
      if (!ajv.validateSchema(target)) metaErrors = ajv.errors;
    } catch {
      metaErrors = undefined;
    }
    return { ok: false, message: describeCompileError(error, metaErrors) };
  }
  let last: ErrorObject[] | null | undefined = null;
  const validate = (value: unknown): boolean => {
    const ok = verbose(value) as boolean;
    last = verbose.errors;
    return ok;
  };
  return { ok: true, schema: schema as object, draft, validate, verbose, ajv, errors: () => describeErrors(last) };
}

/** A copy without the `id`/`$id`s whose value was seen before ('repeated') or below the root ('nested'). */
export function withoutIds(schema: object | boolean, which: 'repeated' | 'nested'): object | boolean {
  const seen = new Set<string>();
  const copy = (node: unknown, depth: number): unknown => {
    if (node === null || typeof node !== 'object' || depth > 300) return node;
    if (Array.isArray(node)) return node.map((n) => copy(n, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'id' || k === '$id') && typeof v === 'string') {
        if (which === 'nested' ? depth > 0 : seen.has(v)) continue;
        seen.add(v);
      }
      const data = k === 'enum' || k === 'const' || k === 'default' || k === 'examples';
      Object.defineProperty(out, k, { value: data ? v : copy(v, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return copy(schema, 0) as object | boolean;
}

function describeCompileError(error: unknown, schemaErrors: ErrorObject[] | null | undefined): string {
  if (schemaErrors && schemaErrors.length > 0) return `schema is invalid: ${describeErrors(schemaErrors)}`;
  const name = (error as { constructor?: { name?: string } })?.constructor?.name;
  if (name === 'MissingRefError') return 'schema has a $ref that does not resolve to a location inside the schema';
  const text = error instanceof Error ? error.message : '';
  if (/already exists/.test(text)) return 'schema uses an $id that is already taken (a meta-schema URI)';
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
