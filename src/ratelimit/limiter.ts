// Fixed-window rate limiting behind a port: in memory for one embedded process, in the
// store when several API nodes must share the counters.
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  resetAt: number;
}

export interface HitOptions {
  /** Count exactly, with no local batching (quotas that must never be exceeded). */
  strict?: boolean;
}

export interface RateLimiter {
  /** Counts one hit of `subject` in `bucket` and says whether it is within `limit` per window. */
  hit(subject: string, bucket: string, limit: number, windowSeconds: number, options?: HitOptions): Promise<RateDecision>;
  /**
   * The same count without waiting: counted locally (and shared later, when the store
   * shares counters), so a request's rate limit never waits on the store.
   */
  count(subject: string, bucket: string, limit: number, windowSeconds: number): RateDecision;
  close?(): Promise<void>;
}

export function decide(count: number, limit: number, windowStart: number, windowSeconds: number): RateDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: windowStart + windowSeconds,
  };
}

export function windowStartOf(nowSeconds: number, windowSeconds: number): number {
  return Math.floor(nowSeconds / windowSeconds) * windowSeconds;
}
