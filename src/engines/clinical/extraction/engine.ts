// The embedded ExtractionEngine: text + caller schema in, schema-valid JSON out, with
// optional meta (paths not found, evidence spans of found values).
import { EngineError, type ExtractionEngine, type ExtractionResult } from '../../ports.ts';
import { lexicons } from './lexicons.ts';
import { findDates, findNumbers } from './mentions.ts';
import { repair } from './repair.ts';
import { compileSchema } from './schema-intake.ts';
import { SchemaNav } from './schema-nav.ts';
import { buildDoc } from './text-doc.ts';
import { fill, type Walker } from './walk.ts';
import { leastValue } from './least-value.ts';

export function createEmbeddedExtractionEngine(): ExtractionEngine {
  lexicons(); // load the data files at start-up, not on the first request
  return { extract: async (text, schema) => extract(text, schema) };
}

export function extract(text: string, schema: unknown): ExtractionResult {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new EngineError(compiled.message);
  const lex = lexicons();
  const doc = buildDoc(text);
  const nav = new SchemaNav(schema);
  const w: Walker = { ctx: { doc, lex, numbers: findNumbers(text, lex), dates: findDates(text) }, nav, evidence: [], notFound: [] };
  const root = nav.resolve(schema);
  const rootKey = typeof root.title === 'string' ? root.title : '';
  const r = fill(w, schema, rootKey, '', { start: 0, end: text.length });
  let data = r.value;
  if (!r.found && (data === undefined || !nav.types(root).has('object'))) {
    w.notFound.push('');
    data = nav.allowsNull(root) ? null : nav.types(root).has('array') ? [] : leastValue(nav, root);
  }
  const replaced: string[] = [];
  const fixed = repair(data, compiled.verbose, nav, replaced);
  if (!fixed.ok) throw new EngineError('the schema admits no value the extraction engine can construct');
  const notFound = [...new Set([...w.notFound, ...replaced])];
  const evidence = w.evidence.filter((e) => !replaced.some((p) => p === '' || e.path === p || e.path.startsWith(`${p}/`)));
  return { data: fixed.value, meta: { notFound, evidence } };
}
