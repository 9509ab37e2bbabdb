// Periodic housekeeping: take up resources and deliveries whose job is gone; purge finished
// resources, settled webhook deliveries and attempts past the retention period, dead queue
// jobs and old idempotency records. Idempotent, so several nodes may run it at once.
import { failStrandedResources } from './stranded-resources.ts';
import type { Config } from '../config.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { ResourcesService } from '../services/resources-service.ts';
import type { Store } from '../store/database.ts';
import type { IdempotencyRepository } from '../store/idempotency-repo.ts';
import type { WebhooksRepository } from '../store/webhooks-repo.ts';
import type { DeliveryDeps } from '../webhooks/delivery.ts';
import type { EventRecorder } from '../webhooks/outbox.ts';
import { ResourcesRepository } from '../store/resources-repo.ts';
import { resumeStrandedDeliveries } from '../webhooks/delivery.ts';

/** What housekeeping reads and changes; the runtime provides it. */
export interface MaintenanceDeps {
  config: Config;
  store: Store;
  queue: JobQueue;
  events: EventRecorder;
  delivery: DeliveryDeps;
  idempotency: IdempotencyRepository;
  webhooks: WebhooksRepository;
  resources: ResourcesService;
}

const EVERY_MS = 60_000;
/** Purges run on every tenth tick; the stranded-resource sweep on every tick. */
const PURGE_EVERY_TICKS = 10;
/** Jobs that failed for good are kept this long for inspection. */
const SETTLED_JOBS_KEPT_MS = 7 * 86_400_000;
/** Resources deleted per purge transaction. */
const PURGE_BATCH = 500;
/** A resource changed this recently is left alone by the sweep. */
const STRANDED_GRACE_MS = 60_000;

/**
 * Work no job will ever pick up again: open resources are failed, pending webhook deliveries
 * count an interrupted attempt and are scheduled again. Returns how many of each.
 */
export async function sweepStranded(runtime: MaintenanceDeps): Promise<{ resources: number; deliveries: number }> {
  const { store, events, queue } = runtime;
  const changedBefore = new Date(Date.now() - STRANDED_GRACE_MS).toISOString();
  const resources = await failStrandedResources({ db: store.db, resources: new ResourcesRepository(store.db), events, queue }, changedBefore);
  const deliveries = await resumeStrandedDeliveries(runtime.delivery, changedBefore);
  return { resources, deliveries };
}

/**
 * The purges: idempotency records after 24 h, dead queue jobs after 7 days, and with a
 * retention period finished resources, settled webhook deliveries and delivery attempts
 * older than it. Returns how many resources were purged.
 */
export async function runMaintenance(runtime: MaintenanceDeps): Promise<number> {
  const now = Date.now();
  await runtime.idempotency.purgeBefore(new Date(now - 24 * 3600_000).toISOString());
  await runtime.queue.purgeSettled(new Date(now - SETTLED_JOBS_KEPT_MS).toISOString());
  const days = runtime.config.retentionDays;
  if (!days) return 0;
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  await runtime.webhooks.purgeSettledBefore(cutoff);
  // One transaction per batch; the loop ends when a batch finds nothing left to delete.
  let purged = 0;
  for (;;) {
    const deleted = await runtime.resources.purgeExpired(cutoff, PURGE_BATCH);
    if (deleted === 0) break;
    purged += deleted;
  }
  return purged;
}

export function startMaintenance(runtime: MaintenanceDeps): { stop(): void } {
  let ticks = 0;
  let busy = false;
  const tick = async () => {
    // A slow sweep (a large backlog) must not be joined by the next one.
    if (busy) return;
    busy = true;
    try {
      await sweepStranded(runtime).catch(() => {});
      if (ticks++ % PURGE_EVERY_TICKS === 0) await runMaintenance(runtime).catch(() => {});
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
