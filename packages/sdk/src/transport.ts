// The fetch every request goes through: authentication headers, an Idempotency-Key on each
// POST (the same one on every retry), and retries on 429/5xx that honour Retry-After.
import { randomUUID } from 'node:crypto';

export interface RetryOptions {
  /** Attempts after the first (default 3). */
  maxRetries?: number;
  /** Longest wait between attempts, Retry-After included (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** First backoff without Retry-After (default 500 ms), doubled each attempt. */
  baseDelayMs?: number;
}

/** Answers sent before any work was done: safe to retry whatever the method. */
const NOT_PROCESSED = new Set([429, 503]);
/** Answers after which only an idempotent request may be retried. */
const SERVER_ERRORS = new Set([500, 502, 504]);

/** Seconds or an HTTP date → milliseconds to wait, or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryingFetch(headers: Record<string, string>, options: RetryOptions = {}, inner: typeof fetch = fetch): typeof fetch {
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 60_000;
  const base = options.baseDelayMs ?? 500;
  return async (input, init) => {
    const request = new Request(input, init);
    for (const [name, value] of Object.entries(headers)) if (!request.headers.has(name)) request.headers.set(name, value);
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', randomUUID());
    const idempotent = request.method !== 'PATCH';
    for (let attempt = 0; ; attempt++) {
      const backoff = Math.min(maxDelay, base * 2 ** attempt * (0.75 + Math.random() * 0.5));
      let response: Response;
      try {
        response = await inner(request.clone());
      } catch (error) {
        // No answer at all: the request may or may not have arrived; the key makes a retry safe.
        if (!idempotent || attempt >= maxRetries) throw error;
        await sleep(backoff);
        continue;
      }
      const retryable = NOT_PROCESSED.has(response.status) || (idempotent && SERVER_ERRORS.has(response.status));
      if (!retryable || attempt >= maxRetries) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff;
      if (wait > maxDelay) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
