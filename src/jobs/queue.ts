// The job queue port. Jobs carry ids, never payloads: a handler reloads current state,
// so a retried or duplicated delivery of the same job is harmless.
import type { Db } from '../store/database.ts';

export type QueueName = 'resource' | 'webhook';
export const QUEUE_NAMES: QueueName[] = ['resource', 'webhook'];

export interface JobMessage {
  queue: QueueName;
  /** Id of the row the job works on (a resource id or a webhook delivery id). */
  id: string;
}

export interface Attempt {
  number: number;
  /** No retry follows if this attempt throws: the handler must settle the work itself. */
  last: boolean;
  /**
   * Every allowed attempt was claimed and none finished (each worker died mid-run): the
   * handler settles the work as failed without doing it again.
   */
  exhausted?: boolean;
}

export type JobHandler = (job: JobMessage, attempt: Attempt) => Promise<void>;

export interface JobQueue {
  /** Adds a job inside the caller's transaction: it exists if and only if that commits. */
  enqueue(db: Db, job: JobMessage, options?: { delayMs?: number }): Promise<void>;
  /** Hint that work was committed, so local workers need not wait for their next poll. */
  wake(): void;
  /** Starts consuming; one handler per queue. */
  work(handlers: Record<QueueName, JobHandler>): Promise<void>;
  /** Stops taking jobs and waits (bounded) for running ones to finish. */
  stop(): Promise<void>;
  /**
   * Of these ids (resources or webhook deliveries), those that still have a job on `queue`
   * that will run: waiting, scheduled for a retry, or running. Open work without one is stranded.
   */
  liveJobs(queue: QueueName, ids: string[]): Promise<Set<string>>;
  /** Deletes jobs that ended (failed for good) before `cutoff`; a queue that purges itself does nothing. */
  purgeSettled(cutoff: string): Promise<void>;
}

/** Exponential backoff with full jitter. */
export function backoffMs(baseMs: number, attempt: number, capMs = 6 * 3600_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
