// Durable job queue on a table of the embedded store. A claim is a lease: a worker that
// dies stops renewing it, and once it lapses another worker takes the job again.
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Db } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { type JobHandler, type JobMessage, type JobQueue, type QueueName, backoffMs } from './queue.ts';

export interface SqliteQueueOptions {
  concurrency: number;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

interface Claimed {
  id: number;
  resource_id: string;
  kind: string;
  attempts: number;
}

export class SqliteJobQueue implements JobQueue {
  private readonly wakeups = new EventEmitter();
  private stopping = false;
  private readonly running = new Set<Promise<void>>();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SqliteQueueOptions,
  ) {
    this.wakeups.setMaxListeners(0);
  }

  async enqueue(db: Db, job: JobMessage, options: { delayMs?: number } = {}): Promise<void> {
    const now = new Date();
    await db
      .insertInto('queue_jobs')
      .values({
        resource_id: job.id,
        kind: job.queue,
        state: 'ready',
        run_at: new Date(now.getTime() + (options.delayMs ?? 0)).toISOString(),
        lease_until: null,
        attempts: 0,
        last_error: null,
        created_at: now.toISOString(),
      })
      .execute();
  }

  wake(): void {
    this.wakeups.emit('wake');
  }

  async work(handlers: Record<QueueName, JobHandler>): Promise<void> {
    this.stopping = false;
    for (let slot = 0; slot < this.options.concurrency; slot++) {
      this.loops.push(this.loop(handlers));
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await Promise.race([Promise.all(this.loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
    this.loops = [];
  }

  async liveJobs(queue: QueueName, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('queue_jobs')
      .select('resource_id')
      .where('kind', '=', queue)
      .where('resource_id', 'in', ids)
      .where('state', 'in', ['ready', 'leased'])
      .execute();
    return new Set(rows.map((r) => r.resource_id));
  }

  async purgeSettled(cutoff: string): Promise<void> {
    // Finished jobs are deleted at once; only dead ones (kept for inspection) remain.
    await this.db.deleteFrom('queue_jobs').where('state', 'in', ['dead', 'done']).where('run_at', '<', cutoff).execute();
  }

  private async loop(handlers: Record<QueueName, JobHandler>): Promise<void> {
    while (!this.stopping) {
      let claimed: Claimed | undefined;
      try {
        // Webhook deliveries are short and latency-sensitive: they go before resource jobs.
        claimed = (await this.claim('webhook')) ?? (await this.claim('resource'));
      } catch (error) {
        this.options.onError?.(error);
      }
      if (!claimed) {
        await this.idle();
        continue;
      }
      await this.run(claimed, handlers);
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeups.off('wake', done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs ?? 250);
      this.wakeups.once('wake', done);
    });
  }

  private async claim(queue: QueueName): Promise<Claimed | undefined> {
    const now = new Date();
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.options.leaseSeconds * 1000).toISOString();
    return this.db
      .updateTable('queue_jobs')
      .set((eb) => ({ state: 'leased', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('queue_jobs')
          .select('id')
          .where('kind', '=', queue)
          .where((w) =>
            w.or([
              w.and([w('state', '=', 'ready'), w('run_at', '<=', nowIso)]),
              w.and([w('state', '=', 'leased'), w('lease_until', '<', nowIso)]),
            ]),
          )
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returning(['id', 'resource_id', 'kind', 'attempts'])
      .executeTakeFirst();
  }

  private async run(job: Claimed, handlers: Record<QueueName, JobHandler>): Promise<void> {
    const handler = handlers[job.kind as QueueName];
    const attempts = Number(job.attempts);
    const heartbeat = setInterval(() => {
      const leaseUntil = new Date(Date.now() + this.options.leaseSeconds * 1000).toISOString();
      this.db
        .updateTable('queue_jobs')
        .set({ lease_until: leaseUntil })
        .where('id', '=', job.id)
        .where('attempts', '=', attempts)
        .execute()
        .catch((error) => this.options.onError?.(error));
    }, (this.options.leaseSeconds * 1000) / 3);
    const task = (async () => {
      try {
        if (!handler) throw new Error(`no handler for queue ${job.kind}`);
        // A lapsed lease is claimed again with one more attempt; past the maximum the job is
        // only settled, so work that kills its worker is not run forever.
        const exhausted = attempts > this.options.maxAttempts;
        await handler(
          { queue: job.kind as QueueName, id: job.resource_id },
          { number: attempts, last: attempts >= this.options.maxAttempts, ...(exhausted && { exhausted }) },
        );
        await this.db.deleteFrom('queue_jobs').where('id', '=', job.id).where('attempts', '=', attempts).execute();
      } catch (error) {
        this.options.onError?.(error);
        const last = attempts >= this.options.maxAttempts;
        const runAt = new Date(Date.now() + backoffMs(this.options.retryBaseMs, attempts)).toISOString();
        await this.db
          .updateTable('queue_jobs')
          .set({
            state: last ? 'dead' : 'ready',
            run_at: runAt,
            lease_until: null,
            last_error: error instanceof Error ? error.name : 'Error',
          })
          .where('id', '=', job.id)
          .where('attempts', '=', attempts)
          .execute()
          .catch((e) => this.options.onError?.(e));
      } finally {
        clearInterval(heartbeat);
      }
    })();
    this.running.add(task);
    await task;
    this.running.delete(task);
  }
}
