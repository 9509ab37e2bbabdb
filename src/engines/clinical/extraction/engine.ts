// The embedded ExtractionEngine: text + caller schema in, schema-valid JSON out, with
// optional meta (paths not found, evidence spans of found values). A pure function of its
// inputs (serialisable result), so it can run in a worker thread.
import { EngineError, EngineInputError, type ExtractionEngine, type ExtractionResult } from '../../ports.ts';
import { generate, type GenContext, NO_VALUE, SchemaRefusal } from './generate.ts';
import { leastValue } from './least-value.ts';
import { lexicons } from './lexicons.ts';
import { findDates, findNumbers } from './mentions.ts';
import { checkOutput } from './output-limits.ts';
import { repair } from './repair.ts';
import { compileSchema, type CompiledSchema } from './schema-intake.ts';
import { schemaLimits, shortPath } from './schema-limits.ts';
import { SchemaNav } from './schema-nav.ts';
import { buildDoc } from './text-doc.ts';
import { fill, type Walker } from './walk.ts';

export function createEmbeddedExtractionEngine(): ExtractionEngine {
  lexicons(); // load the data files at start-up, not on the first request
  schemaLimits(); // and read the CLINSCRIBE_T2J_* settings: a bad value stops the start
  return { extract: async (text, schema) => extract(text, schema) };
}

type Compiled = Extract<CompiledSchema, { ok: true }>;

/** Per compiled schema: its navigator and smallest instance, built once. */
const prepared = new WeakMap<Compiled, { nav: SchemaNav; minimal: unknown }>();

export function extract(text: string, schema: unknown): ExtractionResult {
  const compiled = compileSchema(schema);
  // A malformed schema is the caller's mistake (400); a well-formed one the service will not
  // run (a pattern re2js cannot express, a size cap) is a refusal (422).
  if (!compiled.ok) throw compiled.refused ? new EngineError(compiled.message) : new EngineInputError(compiled.message);
  const { nav, minimal } = prepare(compiled);
  const g = genContext(compiled, nav);
  const lex = lexicons();
  const doc = buildDoc(text);
  const w: Walker = { ctx: { doc, lex, numbers: findNumbers(text, lex), dates: findDates(text) }, nav, gen: g, evidence: [], notFound: [] };
  const root = nav.resolve(compiled.schema);
  const rootKey = typeof root.title === 'string' ? root.title : '';
  let data: unknown;
  try {
    const r = fill(w, compiled.schema, rootKey, '', { start: 0, end: text.length });
    data = r.value;
    if (!r.found && (data === undefined || !nav.types(root).has('object'))) {
      w.notFound.push('');
      data = leastValue(g, root);
    }
  } catch (error) {
    if (!(error instanceof SchemaRefusal)) throw error;
    data = minimal; // the text-led walk ran into a cap the smallest instance does not
  }
  const replaced: string[] = [];
  let fixed = repair(structuredClone(data), compiled.verbose, g, replaced);
  if (fixed.ok && checkOutput(fixed.value, schemaLimits()) !== undefined) fixed = { ok: safeValidate(compiled, minimal), value: minimal };
  if (!fixed.ok && safeValidate(compiled, minimal)) fixed = { ok: true, value: minimal };
  if (!fixed.ok) {
    const why = 'why' in fixed && fixed.why ? ` (the closest value still fails ${fixed.why})` : '';
    throw new EngineError(`the schema admits no value the extraction engine can construct${why}`);
  }
  const notFound = [...new Set([...w.notFound, ...replaced])];
  const evidence = w.evidence.filter((e) => !replaced.some((p) => p === '' || e.path === p || e.path.startsWith(`${p}/`)));
  return { data: fixed.value, meta: { notFound, evidence } };
}

/** Ajv recursing without end on a looping schema is a "no" for that value, not a crash. */
function safeValidate(compiled: Compiled, value: unknown): boolean {
  try {
    return compiled.validate(value);
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

function genContext(compiled: Compiled, nav: SchemaNav): GenContext {
  const formats = (compiled.ajv as unknown as { formats: Record<string, unknown> }).formats;
  return { nav, limits: schemaLimits(), work: 0, formatOk: (name, value) => formatOk(formats[name], value) };
}

function formatOk(format: unknown, value: string): boolean {
  if (format === undefined || format === true) return true;
  if (format instanceof RegExp) return format.test(value);
  if (typeof format === 'function') return Boolean(format(value));
  if (typeof format === 'object' && format !== null) {
    const v = (format as { validate?: unknown; type?: string }).validate;
    if ((format as { type?: string }).type === 'number') return true;
    return formatOk(v, value);
  }
  return true;
}

/**
 * Analysis before any text is read: the smallest instance is built once per schema under
 * the output caps. A schema with no finite instance, or one over the caps, is refused
 * naming the keyword and path.
 */
function prepare(compiled: Compiled): { nav: SchemaNav; minimal: unknown } {
  const hit = prepared.get(compiled);
  if (hit) return hit;
  const nav = new SchemaNav(compiled.schema);
  const g = genContext(compiled, nav);
  let minimal: unknown;
  try {
    minimal = generate(g, compiled.schema);
    if (minimal !== NO_VALUE) minimal = structuredClone(minimal);
  } catch (error) {
    if (error instanceof SchemaRefusal) throw new EngineError(error.message);
    throw error;
  }
  if (minimal === NO_VALUE && g.deepest !== undefined) {
    const limits = schemaLimits();
    throw new EngineError(
      `the schema has no finite instance within the depth limit of ${limits.maxOutputDepth} (CLINSCRIBE_T2J_MAX_OUTPUT_DEPTH): its required properties or items recurse through the same subschema without end (at ${shortPath(g.deepest.split('/').slice(0, 8).join('/'))}...)`,
    );
  }
  if (minimal !== NO_VALUE) {
    const over = checkOutput(minimal, schemaLimits());
    if (over) throw new EngineError(`the schema's smallest instance is too large: ${over}`);
  }
  const entry = { nav, minimal: minimal === NO_VALUE ? null : minimal };
  prepared.set(compiled, entry);
  return entry;
}
