// The caller's schema and the model's text-to-JSON answer, handled in an engine thread: the
// schema is compiled there (a hostile one costs that thread, not the API), each answer is
// checked against it, and the accepted answer is grounded in the text.
import { compileSchema } from '../../clinical/extraction/index.ts';
import { groundExtraction } from '../../grounding/json.ts';
import { TranscriptGrounder } from '../../grounding/transcript-grounder.ts';
import type { ExtractionResult, Span } from '../../ports.ts';
import { type AnswerMeta, metadata } from '../metadata.ts';

/** Whether the service runs this schema: `refused` is well-formed but declined (422), else malformed (400). */
export function schemaVerdict({ schema }: { schema: Record<string, unknown> }): { ok: true } | { ok: false; refused: boolean; message: string } {
  const compiled = compileSchema(schema);
  return compiled.ok ? { ok: true } : { ok: false, refused: compiled.refused === true, message: compiled.message };
}

/** What is wrong with a value under the caller's schema, or undefined when it conforms. */
export function schemaProblem({ schema, value }: { schema: Record<string, unknown>; value: unknown }): string | undefined {
  const compiled = compileSchema(schema);
  if (!compiled.ok) return compiled.message;
  return compiled.validate(value) ? undefined : compiled.errors();
}

export interface ExtractionAnswer {
  text: string;
  schema: Record<string, unknown>;
  answer: unknown;
  meta: AnswerMeta;
}

export function finishExtraction({ text, schema, answer, meta }: ExtractionAnswer): ExtractionResult {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw new Error('the schema was checked before the model was asked');
  const grounded = groundExtraction(answer, schema, new TranscriptGrounder(text), compiled.validate, meta.grounding);
  return { data: grounded.data, meta: { evidence: evidenceList(grounded.evidence), ...metadata(meta, grounded.ungrounded) } };
}

/** Evidence in the embedded engine's shape: one `{path, start, end}` per span, paths as JSON Pointers. */
function evidenceList(byPath: Record<string, Span[]>): { path: string; start: number; end: number }[] {
  const pointer = (dotted: string) => (dotted ? `/${dotted.split('.').map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '');
  return Object.entries(byPath).flatMap(([path, spans]) => spans.map((s) => ({ path: pointer(path), start: s.start, end: s.end })));
}
