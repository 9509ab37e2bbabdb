// Takes up work whose job will never run again. pg-boss fails a job whose worker died on
// its last attempt (its heartbeat stops) without running any handler, and a job can be lost
// in other ways (deleted by an operator, a store restored without its queue): the work would
// then stay open forever. Run periodically by maintenance; safe on several nodes at once,
// because every take-up is a guarded state change.
import type { Kysely } from 'kysely';
import type { ResourcesRepository } from '../store/resources-repo.ts';
import type { Database } from '../store/schema.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import type { JobQueue, QueueName } from './queue.ts';
import { gaveUp, settleResource } from './resource-runner.ts';
import type { PageCursor } from '../store/keyset.ts';


const PAGE = 100;

/**
 * Pages through open work (oldest first, `PAGE` at a time, from `listPage`) and calls
 * `takeUp` for each item with no live job on `queue`. Returns how many `takeUp` accepted.
 */
export async function takeUpStranded<T extends PageCursor>(
  queue: JobQueue,
  name: QueueName,
  listPage: (limit: number, after?: PageCursor) => Promise<T[]>,
  takeUp: (item: T) => Promise<boolean>,
): Promise<number> {
  let taken = 0;
  let after: PageCursor | undefined;
  for (;;) {
    const page = await listPage(PAGE, after);
    if (page.length === 0) return taken;
    const live = await queue.liveJobs(name, page.map((item) => item.id));
    for (const item of page) {
      if (!live.has(item.id) && (await takeUp(item))) taken++;
    }
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

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
