// The language-model ExtractionEngine (text-to-JSON): the caller's schema goes to the model
// as is. The schema is compiled, each answer checked against it and the accepted answer
// grounded in an engine thread (finish/extraction.ts): a value the text does not contain
// becomes null (or the least value the schema accepts), unless its field asks for a judgement.
import { EngineError, EngineInputError, type ExtractionEngine, type ExtractionResult } from '../ports.ts';
import { answerMeta, type LlmContext } from './context.ts';
import { EXTRACTION_PROMPT } from './prompts.ts';
import { newUsage } from './usage.ts';

export function createLlmExtractionEngine(ctx: LlmContext, options: { hybrid: boolean }): ExtractionEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  return {
    async extract(text: string, schema: Record<string, unknown>): Promise<ExtractionResult> {
      const verdict = await ctx.work.finish('schemaVerdict', { schema });
      if (!verdict.ok) throw verdict.refused ? new EngineError(verdict.message) : new EngineInputError(verdict.message);
      const usage = newUsage();
      // The embedded reader's answer seeds the prompt; a schema it cannot serve just goes without.
      const seed = options.hybrid ? await ctx.work.embedded.extraction.extract(text, schema).then((r) => r.data, () => undefined) : undefined;
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
        { usage, validate: (value) => ctx.work.finish('schemaProblem', { schema, value }) },
      );
      return ctx.work.finish('extraction', { text, schema, answer, meta: answerMeta(engine, ctx, usage) });
    },
  };
}
