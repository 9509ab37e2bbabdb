// Fails open resources whose job will never run again, each with its `*.failed` event:
// the resource side of jobs/stranded.ts.
import type { Kysely } from 'kysely';
import { takeUpStranded } from '../jobs/stranded.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ResourcesRepository } from '../store/resources-repo.ts';
import type { Database } from '../store/schema.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import { gaveUp, settleResource } from './resource-runner.ts';

export interface StrandedDeps {
  db: Kysely<Database>;
  resources: ResourcesRepository;
  events: EventRecorder;
  queue: JobQueue;
}

/**
 * Fails open resources last changed before `changedBefore` that have no live job, each with
 * its `*.failed` event in the same transaction. Returns how many were failed.
 */
export function failStrandedResources(deps: StrandedDeps, changedBefore: string): Promise<number> {
  return takeUpStranded(
    deps.queue,
    'resource',
    (limit, after) => deps.resources.listOpen(changedBefore, limit, after),
    (resource) => settleResource(deps, resource, gaveUp(), 0),
  );
}
