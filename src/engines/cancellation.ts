// Cancellation of the engine work a job started: the job runner gives up on a job at its
// deadline, and then the programs and requests that work started must stop too, or they
// keep a core (or a remote server) busy for nothing. Engines ask for the current job's
// signal here instead of threading it through every call.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<AbortSignal>();
/** Jobs whose work is running in this process. */
let running = 0;

/**
 * Runs `work` so that engine calls inside it stop when `signal` aborts. An enabled
 * AsyncLocalStorage keeps Node's promise hooks on for the whole process — every `await` of
 * every API request pays for them — so the storage is switched off whenever no job's work
 * is running, and on again (by `run`) for the next one.
 */
export function withCancellation<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  running++;
  let result: Promise<T>;
  try {
    result = current.run(signal, work);
  } catch (error) {
    result = Promise.reject(error);
  }
  return result.finally(() => {
    if (--running === 0) current.disable();
  });
}

/** The signal of the job whose work is running, if any. */
export function cancellationSignal(): AbortSignal | undefined {
  return current.getStore();
}

/** A fetch signal: the request's own timeout, and the job's cancellation when there is one. */
export function requestSignal(timeoutMs: number): AbortSignal {
  const job = current.getStore();
  return job ? AbortSignal.any([AbortSignal.timeout(timeoutMs), job]) : AbortSignal.timeout(timeoutMs);
}
