// Takes up work whose job will never run again (resources: work/stranded-resources.ts;
// deliveries: webhooks/delivery.ts). pg-boss fails a job whose worker died on
// its last attempt (its heartbeat stops) without running any handler, and a job can be lost
// in other ways (deleted by an operator, a store restored without its queue): the work would
// then stay open forever. Run periodically by maintenance; safe on several nodes at once,
// because every take-up is a guarded state change.
import type { PageCursor } from '../store/keyset.ts';
import type { JobQueue, QueueName } from './queue.ts';


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
