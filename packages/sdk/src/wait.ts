// Polling a job until it finishes: backoff from a short first wait up to a ceiling, a typed
// error when the job failed, another when the caller's time runs out.
import { ClinscribeJobFailedError, ClinscribeTimeoutError } from './errors.ts';

export interface WaitOptions {
  /** Give up after this long (default 120 000 ms); the job itself goes on. */
  timeoutMs?: number;
  /** First wait between polls (default 250 ms); it grows by half each poll. */
  pollIntervalMs?: number;
  /** Longest wait between polls (default 5 000 ms). */
  maxPollIntervalMs?: number;
}

export interface JobState {
  status: string;
  /** Why the job failed, when it did. */
  failure?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(id: string, get: () => Promise<T>, state: (record: T) => JobState, options: WaitOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const ceiling = options.maxPollIntervalMs ?? 5_000;
  const deadline = Date.now() + timeoutMs;
  let interval = options.pollIntervalMs ?? 250;
  for (;;) {
    const record = await get();
    const { status, failure } = state(record);
    if (status === 'completed') return record;
    if (status === 'failed') throw new ClinscribeJobFailedError(id, failure ?? 'no reason given', record);
    const left = deadline - Date.now();
    if (left <= 0) throw new ClinscribeTimeoutError(id, timeoutMs);
    await sleep(Math.min(interval, left));
    interval = Math.min(ceiling, interval * 1.5);
  }
}
