// Runs one resource job: reload, mark processing, call the engine, then record the outcome
// and its webhook event in one transaction. Safe to run twice for the same id.
import type { Kysely } from 'kysely';
import { EngineError, type Engines } from '../engines/ports.ts';
import { type Outcome, eventFor } from '../services/events.ts';
import type { Resource, ResourcesRepository } from '../store/resources-repo.ts';
import type { Database } from '../store/schema.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import type { Attempt } from './queue.ts';

export interface ResourceRunnerDeps {
  db: Kysely<Database>;
  resources: ResourcesRepository;
  events: EventRecorder;
  engines: Engines;
  /** Absolute path of an uploaded audio file, from the name stored with the request. */
  audioPath(fileName: string): string;
}

const GIVE_UP_MESSAGE = 'Processing failed repeatedly because of an internal error; please submit the request again.';

async function execute(deps: ResourceRunnerDeps, resource: Resource): Promise<Record<string, unknown>> {
  const request = resource.request as any;
  const { engines } = deps;
  switch (resource.kind) {
    case 'note':
      return { payload: await engines.notes.generateNote(request) };
    case 'coding':
      return { ...(await engines.coding.code(request.text)) };
    case 'transcription': {
      const { audioFile, ...options } = request;
      return { ...(await engines.speech.transcribe({ ...options, audioPath: deps.audioPath(audioFile) })) };
    }
    case 'template': {
      const refine = request.mode === 'refine' || request.mode === 'refinement';
      if (refine) {
        return {
          ...(await engines.templates.refine({
            template: request.template,
            instructions: request.instructions ?? request.feedback,
            note_comparison: request.note_comparison,
          })),
        };
      }
      return {
        ...(await engines.templates.generate({
          notes: request.notes,
          description: request.description,
          instructions: request.instructions,
        })),
      };
    }
    case 'consensus':
      return { ...(await engines.consensus.answer({ query: request.query, context: request.context })) };
  }
}

export async function runResourceJob(deps: ResourceRunnerDeps, id: string, attempt: Attempt): Promise<void> {
  const resource = await deps.resources.findById(id);
  if (!resource || resource.status === 'completed' || resource.status === 'failed') return;
  await deps.resources.markProcessing(id, new Date().toISOString());
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = { status: 'completed', result: await execute(deps, resource) };
  } catch (error) {
    if (error instanceof EngineError) outcome = { status: 'failed', error: error.message };
    else if (!attempt.last) throw error;
    else outcome = { status: 'failed', error: GIVE_UP_MESSAGE };
  }
  const elapsed = Math.round(performance.now() - started);
  await deps.db.transaction().execute(async (trx) => {
    const finished = await deps.resources.finish(trx, id, outcome, elapsed, new Date().toISOString());
    if (finished) await deps.events.record(trx, resource.accountId, id, eventFor(resource, outcome));
  });
}
