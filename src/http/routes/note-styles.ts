// Note styles: a sample note in, a style string out, used as noteType {type: "note_style"}.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import { callEngine } from '../engine-errors.ts';
import { accountOf } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { checkLength, requireNonEmpty } from '../limits.ts';
import { StableHeaders, stableErrors } from '../schemas.ts';

/** What the note-styles route reaches: the template engine, Idempotency-Keys and the length limit. */
export type NoteStylesRouteDeps = Pick<AppDeps, 'config' | 'engines' | 'idempotency'>;

export function noteStylesRoutes(deps: NoteStylesRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/v1/note-styles',
      {
        config: { auth: 'stable' },
        schema: {
          tags: ['note styles'],
          summary: 'Derive a note style from a sample note',
          headers: StableHeaders,
          body: Type.Object({
            sampleNote: Type.String({ description: 'A note written the way notes should look' }),
            instructions: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 50 })),
          }),
          response: {
            200: Type.Object({ data: Type.Object({ template: Type.String() }) }),
            ...stableErrors(400, 413, 422, 503),
          },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const { sampleNote, instructions } = request.body;
          requireNonEmpty('sampleNote', sampleNote);
          checkLength('sampleNote', sampleNote, deps.config.maxTranscriptChars);
          const template = await callEngine(() => deps.engines.templates.deriveStyle({ sampleNote, instructions }));
          return { status: 200, body: { data: { template } } };
        });
        return reply;
      },
    );
  };
}
