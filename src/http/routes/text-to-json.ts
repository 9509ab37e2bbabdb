// Text-to-JSON: free text in, JSON conforming to the caller's JSON Schema out.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callEngine } from '../engine-errors.ts';
import { ApiError } from '../errors.ts';
import { accountOf } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { StableHeaders, textToJsonErrors } from '../schemas.ts';
import { ExtractionDetails } from '../schemas/results.ts';

/** What the text-to-JSON route reaches: the extraction engine, Idempotency-Keys and the length limit. */
export type TextToJsonRouteDeps = Pick<AppDeps, 'config' | 'engines' | 'idempotency'>;

export function textToJsonRoutes(deps: TextToJsonRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/utils/text-to-json',
      {
        config: { auth: 'stable' },
        schema: {
          tags: ['text-to-json'],
          summary: 'Extract JSON that conforms to a JSON Schema from free text',
          headers: StableHeaders,
          body: Type.Object({
            text: Type.String({ description: 'Unstructured text' }),
            schema: Type.Unknown({ description: 'JSON Schema of the output (draft-04, -06, -07, 2019-09 or 2020-12)' }),
            includeMeta: Type.Optional(Type.Boolean({ description: 'Add `meta`: paths not found and evidence spans' })),
          }),
          response: {
            200: Type.Object({ data: Type.Unknown(), meta: Type.Optional(ExtractionDetails) }),
            ...textToJsonErrors(400, 413, 422, 503),
          },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const { text, schema, includeMeta } = request.body;
          requireNonEmpty('text', text);
          checkLength('text', text, deps.config.maxTranscriptChars);
          if (schema === undefined) throw new ApiError('validation_error', 'schema is required.');
          // The schema is compiled, checked and the answer validated by the engine, in its thread:
          // compiling a large schema takes long enough to stall the API thread. A malformed schema
          // comes back as a 400, one the service will not run as a 422 (http/engine-errors.ts).
          const result = await callEngine(() => deps.engines.extraction.extract(text, schema as Record<string, unknown>));
          return { status: 200, body: includeMeta && result.meta ? { data: result.data, meta: result.meta } : { data: result.data } };
        });
        return reply;
      },
    );
  };
}
