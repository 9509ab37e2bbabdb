// The language-model ExtractionEngine (text-to-JSON): the caller's schema goes to the
// model as is, the answer is validated with the same Ajv compilation the route uses, then
// grounded: a value the text does not contain becomes null (or the least value the schema
// accepts), unless its field asks for a judgement.
import { compileSchema, createEmbeddedExtractionEngine } from '../clinical/extraction/index.ts';
import { groundExtraction } from '../grounding/json.ts';
import { TranscriptGrounder } from '../grounding/transcript-grounder.ts';
import { EngineError, EngineInputError, type ExtractionEngine, type ExtractionResult, type Span } from '../ports.ts';
import { type LlmContext, resultMetadata } from './context.ts';
import { EXTRACTION_PROMPT } from './prompts.ts';
import { newUsage } from './usage.ts';

export function createLlmExtractionEngine(ctx: LlmContext, options: { hybrid: boolean }): ExtractionEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  const embedded = createEmbeddedExtractionEngine();
  return {
    async extract(text: string, schema: Record<string, unknown>): Promise<ExtractionResult> {
      const compiled = compileSchema(schema);
      if (!compiled.ok) throw compiled.refused ? new EngineError(compiled.message) : new EngineInputError(compiled.message);
      const usage = newUsage();
      // The embedded reader's answer seeds the prompt; a schema it cannot serve just goes without.
      const seed = options.hybrid ? await embedded.extract(text, schema).then((r) => r.data, () => undefined) : undefined;
      const answer = await ctx.client.json<unknown>(
        ctx.model('extraction'),
        [
          { role: 'system', content: EXTRACTION_PROMPT },
          {
            role: 'user',
            content: [
              `JSON Schema:\n${JSON.stringify(schema)}`,
              seed !== undefined ? `A rule-based reader's answer (verified values; fill what it missed):\n${JSON.stringify(seed)}` : '',
              `Text:\n${text}`,
            ].filter(Boolean).join('\n\n'),
          },
        ],
        'extraction',
        schema,
        { usage, validate: { check: compiled.validate, errors: compiled.errors } },
      );
      const grounded = groundExtraction(answer, schema, new TranscriptGrounder(text), compiled.validate, ctx.grounding);
      return { data: grounded.data, meta: { evidence: evidenceList(grounded.evidence), ...resultMetadata(engine, ctx, usage, grounded.ungrounded) } };
    },
  };
}

/** Evidence in the embedded engine's shape: one `{path, start, end}` per span, paths as JSON Pointers. */
function evidenceList(byPath: Record<string, Span[]>): { path: string; start: number; end: number }[] {
  const pointer = (dotted: string) => (dotted ? `/${dotted.split('.').map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '');
  return Object.entries(byPath).flatMap(([path, spans]) => spans.map((s) => ({ path: pointer(path), start: s.start, end: s.end })));
}
