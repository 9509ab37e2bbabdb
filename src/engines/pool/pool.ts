// The engine thread pool: CPU-bound engine calls run in worker threads (piscina), each with
// a deadline and a heap cap, so no request can stall the API thread or take the process down.
// Past its deadline a call's worker is terminated (piscina replaces it); an out-of-memory
// worker fails only the call it was running.
import { Piscina } from 'piscina';
import { cancellationSignal } from '../cancellation.ts';
import { EngineError, EngineUnavailableError, TransientEngineError } from '../ports.ts';
import type { EngineTask, WorkerAnswer } from './worker.ts';

export interface EnginePoolOptions {
  threads: number;
  heapMb: number;
  /** Calls waiting for a thread beyond this are refused with 503 (default: 64 per thread). */
  maxQueue?: number;
}

export interface CallLimits {
  deadlineMs: number;
  /** The setting that holds the deadline, named in the failure so operators know what to raise. */
  deadlineSetting: string;
}

/** A call stopped at its deadline or by its memory cap: final, its message is for the caller. */
export class EngineLimitError extends EngineError {
  constructor(message: string) {
    super(message);
    this.name = 'EngineLimitError';
  }
}

const ENGINE_NICENESS = 10;
const ENTRY = new URL('./worker-entry.mjs', import.meta.url).href;

export class EnginePool {
  private readonly piscina: Piscina;

  constructor(private readonly options: EnginePoolOptions) {
    this.piscina = new Piscina({
      filename: ENTRY,
      maxThreads: options.threads,
      // Threads start on demand and retire when idle, so an idle service holds no engine heap.
      minThreads: 0,
      idleTimeout: 60_000,
      maxQueue: options.maxQueue ?? options.threads * 64,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      // Engine threads yield the CPU to the API thread (Linux thread niceness): a busy
      // machine slows jobs down, not /healthz and the other accounts' requests.
      niceIncrement: ENGINE_NICENESS,
    });
  }

  /** Runs one engine call in a worker thread; rejects with the engine's own error class. */
  async run<T>(task: EngineTask, limits: CallLimits): Promise<T> {
    const deadline = AbortSignal.timeout(limits.deadlineMs);
    const job = cancellationSignal();
    const signal = job ? AbortSignal.any([deadline, job]) : deadline;
    let answer: WorkerAnswer;
    try {
      answer = (await this.piscina.run(task, { signal })) as WorkerAnswer;
    } catch (error) {
      throw this.failure(error, deadline, limits);
    }
    return unwrap<T>(answer);
  }

  /** Threads running or starting now (for tests and the benchmark). */
  get threads(): number {
    return this.piscina.threads.length;
  }

  async close(): Promise<void> {
    await this.piscina.close({ force: true });
  }

  private failure(error: unknown, deadline: AbortSignal, limits: CallLimits): Error {
    if (deadline.aborted) {
      return new EngineLimitError(
        `Processing was stopped: it did not finish within the engine time limit of ${seconds(limits.deadlineMs)} (${limits.deadlineSetting}).`,
      );
    }
    const code = (error as { code?: string } | undefined)?.code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new EngineLimitError(
        `Processing was stopped: it needed more memory than the engine limit of ${this.options.heapMb} MB (CLINSCRIBE_ENGINE_HEAP_MB). The input is too large or too complex.`,
      );
    }
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      return new TransientEngineError('Every engine thread is busy and the wait list is full; try again shortly.', 5);
    }
    // The job's own cancellation, or a worker that died: the caller decides (retry or give up).
    return error instanceof Error ? error : new Error('engine worker failed');
  }
}

function unwrap<T>(answer: WorkerAnswer): T {
  if (answer.ok) return answer.value as T;
  switch (answer.error) {
    case 'unavailable': throw new EngineUnavailableError(answer.message);
    case 'engine': throw new EngineError(answer.message);
    case 'transient': throw new TransientEngineError(answer.message, answer.retryAfterSeconds);
    default: throw new Error(answer.message);
  }
}

function seconds(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(0.1, Math.round(ms / 100) / 10)} s`;
}
