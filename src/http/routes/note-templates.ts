// Alpha note template jobs: generate a NoteTemplate from notes or a description, or refine one.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { Resource } from '../../store/resources-repo.ts';
import { accountOf } from '../gate.ts';
import { idempotent } from '../idempotency.ts';
import { AlphaHeaders, alphaErrors } from '../schemas.ts';
import { TemplateJobView } from '../schemas/results.ts';
import { finishedResult } from './job-views.ts';
import { TEMPLATE_MODES, parseTemplateJobRequest } from './note-template-request.ts';
import { jobRoutes } from './job-routes.ts';

const CreateTemplateJobBody = Type.Object(
  {
    mode: Type.Optional(Type.String({ description: TEMPLATE_MODES.join(' | ') })),
    notes: Type.Optional(Type.Unknown({ description: '1–5 items {content, description?} (generate)' })),
    description: Type.Optional(Type.Unknown({ description: 'Natural-language description (generation)' })),
    instructions: Type.Optional(Type.Unknown()),
    template: Type.Optional(Type.Unknown({ description: 'NoteTemplate to refine' })),
    feedback: Type.Optional(Type.Unknown({ description: 'What to change (refinement)' })),
    note_comparison: Type.Optional(Type.Unknown({ description: '{before, after, description?}' })),
  },
  { additionalProperties: true },
);

function templateJobView(job: Resource) {
  const result = finishedResult(job, 'Template generation failed.');
  return {
    id: job.id,
    mode: String(job.request.mode),
    status: job.status,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    ...(result && { result }),
  };
}

/** What the note-template routes reach: template resources, Idempotency-Keys and what reading a job needs. */
export type NoteTemplatesRouteDeps = Pick<AppDeps, 'config' | 'idempotency' | 'resources' | 'validateTemplate'>;

export function noteTemplatesRoutes(deps: NoteTemplatesRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tags = ['note templates (alpha)'];
    app.post(
      '/alpha/note-templates',
      {
        config: { auth: 'alpha' },
        schema: {
          tags,
          summary: 'Create a note template generation or refinement job',
          headers: AlphaHeaders,
          body: CreateTemplateJobBody,
          response: { 202: Type.Object({ data: TemplateJobView }), ...alphaErrors(400, 413, 422) },
        },
      },
      async (request, reply) => {
        const account = accountOf(request);
        await idempotent(deps.idempotency, request, reply, account.id, async () => {
          const jobRequest = parseTemplateJobRequest(deps, request.body as Record<string, unknown>);
          const job = await deps.resources.create('template', account.id, jobRequest);
          return { status: 202, body: { data: templateJobView(job) }, resourceId: job.id };
        });
        return reply;
      },
    );

    await jobRoutes(deps, {
      path: '/alpha/note-templates/:id', kind: 'template', tier: 'alpha', tags,
      notFound: 'Note template job not found.',
      get: { summary: 'Get a note template job', view: TemplateJobView, render: templateJobView },
      deleteSummary: 'Delete a note template job',
    })(app, {});
  };
}
