// The engine thread pool: CPU-bound engine calls run in worker threads (piscina), each with
// a deadline and a heap cap, so no request can stall the API thread or take the process down.
// Past its deadline a call's worker is terminated (piscina replaces it); an out-of-memory
// worker fails only the call it was running. Caveat: V8 gives a thread 16 MB past its cap to
// stop in; one allocation larger than that (a string of tens of MB) aborts the whole process,
// so requests that would build such values must be refused before they reach an engine.
import { Piscina } from 'piscina';
import { cancellationSignal } from '../cancellation.ts';
import { EngineError, EngineInputError, EngineUnavailableError, TransientEngineError } from '../ports.ts';
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
  private piscina: Piscina | undefined;
  /** Calls running or waiting for a thread (the wait list is capped here, not by piscina). */
  private inFlight = 0;

  constructor(private readonly options: EnginePoolOptions) {}

  /** Threads start on the first call (a runtime that never calls an engine starts none). */
  private threadsStarted(): Piscina {
    this.piscina ??= new Piscina({
      filename: ENTRY,
      maxThreads: this.options.threads,
      // Every thread stays up: a thread terminated at a deadline is replaced at once, so the
      // calls waiting behind it run instead of waiting for a new call to start a thread.
      minThreads: this.options.threads,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
      // Engine threads yield the CPU to the API thread (Linux thread niceness): a busy
      // machine slows jobs down, not /healthz and the other accounts' requests.
      niceIncrement: ENGINE_NICENESS,
    });
    return this.piscina;
  }

  /** Runs one engine call in a worker thread; rejects with the engine's own error class. */
  async run<T>(task: EngineTask, limits: CallLimits): Promise<T> {
    const deadline = AbortSignal.timeout(limits.deadlineMs);
    const job = cancellationSignal();
    const signal = job ? AbortSignal.any([deadline, job]) : deadline;
    const waiting = this.options.maxQueue ?? this.options.threads * 64;
    if (this.inFlight >= this.options.threads + waiting) {
      throw new TransientEngineError('Every engine thread is busy and the wait list is full; try again shortly.', 5);
    }
    this.inFlight++;
    let answer: WorkerAnswer;
    try {
      answer = (await this.threadsStarted().run(task, { signal })) as WorkerAnswer;
    } catch (error) {
      throw this.failure(error, deadline, limits);
    } finally {
      this.inFlight--;
    }
    return unwrap<T>(answer);
  }

  /** Threads running or starting now (for tests and the benchmark). */
  get threads(): number {
    return this.piscina?.threads.length ?? 0;
  }

  async close(): Promise<void> {
    await this.piscina?.close({ force: true });
    this.piscina = undefined;
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
    // The job's own cancellation, or a worker that died: the caller decides (retry or give up).
    return error instanceof Error ? error : new Error('engine worker failed');
  }
}

function unwrap<T>(answer: WorkerAnswer): T {
  if (answer.ok) return answer.value as T;
  switch (answer.error) {
    case 'unavailable': throw new EngineUnavailableError(answer.message);
    case 'engine': throw new EngineError(answer.message);
    case 'input': throw new EngineInputError(answer.message);
    case 'transient': throw new TransientEngineError(answer.message, answer.retryAfterSeconds);
    default: throw new Error(answer.message);
  }
}

function seconds(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.max(0.1, Math.round(ms / 100) / 10)} s`;
}
