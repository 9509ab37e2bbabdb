// Job queue for the scale-out store: pg-boss on the same PostgreSQL database. Jobs are
// sent through the caller's transaction (pg-boss's `db` option), so a job exists exactly
// when the state change that created it committed.
import { CompiledQuery } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Db } from '../store/database.ts';
import { type JobHandler, type JobMessage, type JobQueue, QUEUE_NAMES, type QueueName } from './queue.ts';

export interface PgBossQueueOptions {
  connectionString: string;
  schema: string;
  concurrency: number;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** The runner's own per-job deadline; pg-boss's expiry must not come first. */
  jobTimeoutMs?: number;
  onError?: (error: unknown) => void;
}

/** pg-boss states of a job that will still run (a failed job's retries are used up). */
const LIVE_STATES = ['created', 'retry', 'active'];

function transactionAdapter(db: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows };
    },
  };
}

export class PgBossJobQueue implements JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly options: PgBossQueueOptions,
  ) {}

  static async open(options: PgBossQueueOptions): Promise<PgBossJobQueue> {
    const boss = new PgBoss({
      connectionString: options.connectionString,
      schema: options.schema,
      max: 4,
      monitorIntervalSeconds: 5,
      // Supervision is what finds jobs whose worker died (missed heartbeats) and retries them.
      superviseIntervalSeconds: 5,
      // NOTIFY wakes workers as soon as a job commits; polling stays as the backstop.
      useListenNotify: true,
    });
    boss.on('error', (error) => options.onError?.(error));
    await boss.start();
    const heartbeatSeconds = Math.max(10, options.leaseSeconds);
    for (const name of QUEUE_NAMES) {
      const queueOptions = {
        retryLimit: options.maxAttempts - 1,
        retryDelay: Math.max(1, Math.round(options.retryBaseMs / 1000)),
        retryBackoff: true,
        retryDelayMax: 6 * 3600,
        heartbeatSeconds,
        expireInSeconds: Math.max(6 * 3600, Math.ceil((options.jobTimeoutMs ?? 0) / 1000) + 300),
        notify: true,
      };
      const existing = await boss.getQueue(name);
      if (existing) await boss.updateQueue(name, queueOptions);
      else await boss.createQueue(name, queueOptions);
    }
    return new PgBossJobQueue(boss, options);
  }

  async enqueue(db: Db, job: JobMessage, options: { delayMs?: number } = {}): Promise<void> {
    const sendOptions: Record<string, unknown> = { db: transactionAdapter(db) };
    if (options.delayMs) sendOptions.startAfter = new Date(Date.now() + options.delayMs);
    await this.boss.send(job.queue, { id: job.id }, sendOptions);
  }

  wake(): void {
    /* pg-boss listens for new jobs itself */
  }

  async work(handlers: Record<QueueName, JobHandler>): Promise<void> {
    // One fetch takes up to `concurrency` jobs and runs them side by side. While fetches come
    // back full the worker fetches again at once (a backlog drains without poll delays); a
    // short fetch returns it to waiting for NOTIFY or the poll.
    for (const name of QUEUE_NAMES) {
      const handler = handlers[name];
      await this.boss.work<{ id: string }>(
        name,
        {
          batchSize: this.options.concurrency,
          localConcurrency: 1,
          burstWhenBatchFull: true,
          perJobResults: true,
          pollingIntervalSeconds: 0.5,
          notifyPollingIntervalSeconds: 2,
        },
        async (jobs: { id: string; retryCount: number; data: { id: string } }[]) =>
          Promise.all(
            jobs.map(async (job) => {
              const number = job.retryCount + 1;
              try {
                await handler({ queue: name, id: job.data.id }, { number, last: number >= this.options.maxAttempts });
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                this.options.onError?.(error);
                return { id: job.id, status: 'failed' as const, output: { error: error instanceof Error ? error.name : 'Error' } };
              }
            }),
          ),
      );
    }
  }

  /**
   * One query for the whole page of ids (was one findJobs per id). pg-boss keeps its live
   * jobs in a partial index on (name, state), so the read touches live jobs only, however
   * many finished ones the queue retains.
   */
  async liveJobs(queue: QueueName, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT DISTINCT data->>'id' AS id FROM "${this.options.schema}".job
        WHERE name = $1 AND state = ANY($2::text[]::"${this.options.schema}".job_state[]) AND data->>'id' = ANY($3::text[])`,
      [queue, LIVE_STATES, ids],
    );
    return new Set(rows.map((row: { id: string }) => row.id));
  }

  async purgeSettled(): Promise<void> {
    /* pg-boss deletes finished and failed jobs itself (its retention settings) */
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
