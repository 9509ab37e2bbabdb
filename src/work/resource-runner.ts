// Runs one resource job: reload, mark processing, call the engine, then record the outcome
// and its webhook event in one transaction. Safe to run twice for the same id.
import type { Kysely } from 'kysely';
import { withCancellation } from '../engines/cancellation.ts';
import { EngineError, type Engines, TransientEngineError } from '../engines/ports.ts';
import { type Outcome, eventFor } from '../webhooks/events.ts';
import type { Resource, ResourcesRepository } from '../store/resources-repo.ts';
import type { Database, ResourceKind } from '../store/schema.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import { type JobRequest, type JobRequests, jobRequestOf } from './job-requests.ts';
import type { Attempt } from '../jobs/queue.ts';

export interface ResourceRunnerDeps {
  db: Kysely<Database>;
  resources: ResourcesRepository;
  events: EventRecorder;
  engines: Engines;
  /** Absolute path of an uploaded audio file, from the name stored with the request. */
  audioPath(fileName: string): string;
  /** A job still running after this long fails (and is not retried). */
  timeoutMs: number;
}

class JobTimeoutError extends Error {}

/**
 * The work's result, or a JobTimeoutError once `ms` have passed. Then the work is cancelled
 * (src/engines/cancellation.ts): the programs and requests it started stop, and an engine
 * call running in the engine thread pool has its thread terminated.
 */
function withDeadline<T>(work: () => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new JobTimeoutError());
      controller.abort();
    }, ms);
  });
  const running = withCancellation(controller.signal, work);
  running.catch(() => {}); // the cancelled work fails later; nobody is waiting for it
  return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
}

function timeoutMessage(ms: number): string {
  const limit = ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(1, Math.round(ms / 1000))} s`;
  return `Processing did not finish within the time limit of ${limit} and was stopped; shorten the input or ask the operator about CLINSCRIBE_JOB_TIMEOUT_MS.`;
}

const GIVE_UP_MESSAGE = 'Processing failed repeatedly because of an internal error; please submit the request again.';

type Handler<K extends ResourceKind> = (deps: ResourceRunnerDeps, request: JobRequests[K]) => Promise<Record<string, unknown>>;

/** What each kind of job does with its engine. */
const HANDLERS: { [K in ResourceKind]: Handler<K> } = {
  note: async (deps, request) => ({ payload: await deps.engines.notes.generateNote(request) }),
  coding: async (deps, request) => ({ ...(await deps.engines.coding.code(request.text)) }),
  transcription: async (deps, { audioFile, ...options }) => ({
    ...(await deps.engines.speech.transcribe({ ...options, audioPath: deps.audioPath(audioFile) })),
  }),
  template: async (deps, request) => {
    const refine = request.mode === 'refine' || request.mode === 'refinement';
    if (refine && request.template) {
      return {
        ...(await deps.engines.templates.refine({
          template: request.template,
          instructions: request.instructions ?? request.feedback,
          note_comparison: request.note_comparison,
        })),
      };
    }
    if (refine) throw new EngineError('A refinement job needs the template to refine.');
    return { ...(await deps.engines.templates.generate({ notes: request.notes, description: request.description, instructions: request.instructions })) };
  },
  consensus: async (deps, request) => ({ ...(await deps.engines.consensus.answer({ query: request.query, context: request.context })) }),
};

function execute(deps: ResourceRunnerDeps, job: JobRequest): Promise<Record<string, unknown>> {
  switch (job.kind) {
    case 'note': return HANDLERS.note(deps, job.request);
    case 'coding': return HANDLERS.coding(deps, job.request);
    case 'transcription': return HANDLERS.transcription(deps, job.request);
    case 'template': return HANDLERS.template(deps, job.request);
    case 'consensus': return HANDLERS.consensus(deps, job.request);
  }
}

export async function runResourceJob(deps: ResourceRunnerDeps, id: string, attempt: Attempt): Promise<void> {
  const resource = await deps.resources.findById(id);
  if (!resource || resource.status === 'completed' || resource.status === 'failed') return;
  if (attempt.exhausted) {
    await settleResource(deps, resource, gaveUp(), 0);
    return;
  }
  await deps.resources.markProcessing(id, new Date().toISOString());
  const started = performance.now();
  let outcome: Outcome;
  try {
    outcome = { status: 'completed', result: await withDeadline(() => execute(deps, jobRequestOf(resource)), deps.timeoutMs) };
  } catch (error) {
    // EngineError is final; anything else (a TransientEngineError, an unexpected bug) is
    // retried by the queue, and once the attempts are used up the job fails. A job past its
    // deadline fails at once: running it again would only take as long.
    if (error instanceof JobTimeoutError) outcome = { status: 'failed', error: timeoutMessage(deps.timeoutMs) };
    else if (error instanceof EngineError) outcome = { status: 'failed', error: error.message };
    else if (!attempt.last) throw error;
    else if (error instanceof TransientEngineError) outcome = { status: 'failed', error: error.message };
    else outcome = { status: 'failed', error: GIVE_UP_MESSAGE };
  }
  await settleResource(deps, resource, outcome, Math.round(performance.now() - started));
}

/** Records the outcome and its webhook event in one transaction, once (false if already settled). */
export async function settleResource(
  deps: Pick<ResourceRunnerDeps, 'db' | 'resources' | 'events'>,
  resource: Resource,
  outcome: Outcome,
  elapsedMs: number,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const finished = await deps.resources.finish(trx, resource.id, outcome, elapsedMs, new Date().toISOString());
    if (finished) await deps.events.record(trx, resource.accountId, resource.id, eventFor(resource, outcome));
    return finished;
  });
}

/** The failure recorded when a job could not be completed however often it was tried. */
export function gaveUp(): Outcome {
  return { status: 'failed', error: GIVE_UP_MESSAGE };
}
