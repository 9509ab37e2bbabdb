// Wires the configured store, queue, engines and services together. `serve`, `worker`,
// the CLI and the tests all start from here.
import type { AppDeps } from './app-deps.ts';
import type { Config } from './config.ts';
import { validateTemplate } from './engines/intake.ts';
import type { Engines } from './engines/ports.ts';
import { recordChildGroupsIn } from './engines/child-groups.ts';
import { sweepLeftovers } from './engines/leftovers.ts';
import { createEngines } from './engines/registry.ts';
import { PgBossJobQueue } from './jobs/pgboss-queue.ts';
import type { JobQueue } from './jobs/queue.ts';
import { runResourceJob } from './work/resource-runner.ts';
import { SqliteJobQueue } from './jobs/sqlite-queue.ts';
import { createLogger } from './logger.ts';
import { prepareDataDir, protectStoreFiles } from './store/data-dir.ts';
import type { RateLimiter } from './ratelimit/limiter.ts';
import { MemoryRateLimiter } from './ratelimit/memory-limiter.ts';
import { StoreRateLimiter } from './ratelimit/store-limiter.ts';
import { AccountsService } from './services/accounts-service.ts';
import { storeReadiness } from './services/readiness.ts';
import { ResourcesService } from './services/resources-service.ts';
import { ResultCache } from './services/result-cache.ts';
import { StreamTokens } from './services/stream-tokens.ts';
import { WebhooksService } from './services/webhooks-service.ts';
import { AccountsRepository } from './store/accounts-repo.ts';
import { type Invalidation, localInvalidation, postgresInvalidation } from './store/invalidation.ts';
import { type Store, openStore } from './store/database.ts';
import { IdempotencyRepository } from './store/idempotency-repo.ts';
import { OutboxRepository } from './store/outbox-repo.ts';
import { ResourcesRepository } from './store/resources-repo.ts';
import { SettingsRepository } from './store/settings-repo.ts';
import { WebhooksRepository } from './store/webhooks-repo.ts';
import { type DeliveryDeps, deliverWebhook } from './webhooks/delivery.ts';
import { EventRecorder } from './webhooks/outbox.ts';

/** The HTTP app's services and, beside them, what only workers, maintenance and tests reach. */
export interface Runtime extends AppDeps {
  store: Store;
  queue: JobQueue;
  idempotency: IdempotencyRepository;
  webhooks: WebhooksRepository;
  outbox: OutboxRepository;
  events: EventRecorder;
  /** What a webhook delivery needs; the maintenance sweep delivers too. */
  delivery: DeliveryDeps;
  /** Starts consuming jobs in this process. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/** How long a kept result answers where NOTIFY reaches every process: bounds changes made outside the service. */
const SHARED_RESULT_TTL_MS = 5 * 60_000;
/** …and on an embedded store, where another process on the same file cannot signal: half the promised 1 s. */
const EMBEDDED_RESULT_TTL_MS = 500;

async function openQueue(config: Config, store: Store, onError: (error: unknown) => void): Promise<JobQueue> {
  const common = {
    concurrency: config.workerConcurrency,
    leaseSeconds: config.jobLeaseSeconds,
    maxAttempts: config.jobMaxAttempts,
    retryBaseMs: config.jobRetryBaseMs,
    onError,
  };
  if (store.caps.queue === 'pg-boss') {
    return PgBossJobQueue.open({ ...common, jobTimeoutMs: config.jobTimeoutMs, connectionString: store.databaseUrl as string, schema: `${store.schema}_jobs` });
  }
  return new SqliteJobQueue(store.db, common);
}

/**
 * Request limits in the store when several nodes share them, else in memory. Strict quotas
 * (the daily consensus quota) always live in the store: they must survive a restart and
 * hold across every process on the same store.
 */
function createLimiter(store: Store): RateLimiter {
  const stored = new StoreRateLimiter(store.db);
  if (store.caps.sharedRateLimits) return stored;
  const local = new MemoryRateLimiter();
  return {
    hit: (subject, bucket, limit, windowSeconds, options) =>
      (options?.strict ? stored : local).hit(subject, bucket, limit, windowSeconds, options),
    count: (subject, bucket, limit, windowSeconds) => local.count(subject, bucket, limit, windowSeconds),
    close: () => stored.close(),
  };
}

/** Key revocations and deletions reach every process on a shared store; an embedded one has only this one. */
function openInvalidation(store: Store): Promise<Invalidation> {
  if (store.pool && store.databaseUrl) return postgresInvalidation(store.databaseUrl, store.schema, store.pool);
  return Promise.resolve(localInvalidation());
}

/** What the job workers run with. */
interface WorkerDeps {
  config: Config;
  log: ReturnType<typeof createLogger>;
  store: Store;
  queue: JobQueue;
  engines: Engines;
  events: EventRecorder;
  resourcesRepo: ResourcesRepository;
  resources: ResourcesService;
  delivery: DeliveryDeps;
}

/** This process's job workers: started at most once, after what a crashed worker left is swept. */
function jobWorkers(d: WorkerDeps) {
  let working = false;
  let stopRecording: (() => void) | undefined;
  return {
    get working(): boolean {
      return working;
    },
    async start(): Promise<void> {
      if (working) return;
      working = true;
      // What a crashed worker left (engine process groups, decode files, half-received
      // uploads) goes first; then this process's own engine children are recorded.
      const swept = await sweepLeftovers({ dataDir: d.config.dataDir, uploadIsKnown: async (name) => (await d.resourcesRepo.findById(name.replace(/\.audio$/, ''))) !== undefined });
      if (swept.killedGroups + swept.removedPcmDirs + swept.removedUploads > 0) d.log.info(swept, 'leftovers of a stopped process removed');
      stopRecording = recordChildGroupsIn(d.config.dataDir);
      await d.queue.work({
        resource: (job, attempt) =>
          runResourceJob(
            { db: d.store.db, resources: d.resourcesRepo, events: d.events, engines: d.engines, audioPath: (f) => d.resources.audioPath(f), timeoutMs: d.config.jobTimeoutMs },
            job.id,
            attempt,
          ),
        webhook: (job, attempt) => deliverWebhook(d.delivery, job.id, attempt),
      });
    },
    stopRecording(): void {
      stopRecording?.();
    },
  };
}

export async function createRuntime(config: Config, options: { engines?: Partial<Engines> } = {}): Promise<Runtime> {
  const log = createLogger(config.logLevel);
  const onError = (error: unknown) => log.warn({ err: { name: (error as Error)?.name, code: (error as { code?: string })?.code } }, 'job attempt failed');
  prepareDataDir(config.dataDir);
  const store = await openStore(config);
  protectStoreFiles(config.dataDir);
  const queue = await openQueue(config, store, onError);
  const engines = createEngines(config, options.engines);
  const resourcesRepo = new ResourcesRepository(store.db, store.reads);
  const outbox = new OutboxRepository(store.db);
  const webhooks = new WebhooksRepository(store.db);
  const settings = new SettingsRepository(store.db);
  const limiter = createLimiter(store);
  const invalidation = await openInvalidation(store);
  const idempotency = new IdempotencyRepository(store.db);
  const results = new ResultCache(
    // Another process on an embedded store cannot signal a deletion: it is honoured within the lifetime.
    { maxBytes: config.resultCacheBytes, ttlMs: store.pool ? SHARED_RESULT_TTL_MS : EMBEDDED_RESULT_TTL_MS },
    invalidation,
  );
  const resources = new ResourcesService(store.db, resourcesRepo, outbox, queue, config.dataDir, idempotency, results);
  const events = new EventRecorder(outbox, webhooks, queue);
  const delivery: DeliveryDeps = { db: store.db, config, webhooks, outbox, resources: resourcesRepo, queue };
  const workers = jobWorkers({ config, log, store, queue, engines, events, resourcesRepo, resources, delivery });

  const runtime: Runtime = {
    config,
    store,
    queue,
    engines,
    limiter,
    accounts: new AccountsService(new AccountsRepository(store.db), config, invalidation),
    resources,
    idempotency,
    webhooks,
    webhooksService: new WebhooksService({ db: store.db, config, webhooks, outbox, events, queue, limiter }),
    outbox,
    events,
    settings,
    streamTokens: new StreamTokens(settings),
    readiness: storeReadiness(store),
    delivery,
    validateTemplate,
    startWorkers: () => workers.start(),
    async close() {
      await invalidation.close();
      await limiter.close?.();
      if (workers.working || store.caps.queue === 'pg-boss') await queue.stop();
      await store.close();
      await engines.close?.();
      workers.stopRecording();
    },
  };
  return runtime;
}
