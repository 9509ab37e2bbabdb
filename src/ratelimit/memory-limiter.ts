// One process's rate-limit counters; exact, since nothing else shares them.
import { type RateDecision, type RateLimiter, decide, windowStartOf } from './limiter.ts';

export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { windowStart: number; count: number }>();

  async hit(subject: string, bucket: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    return this.count(subject, bucket, limit, windowSeconds);
  }

  count(subject: string, bucket: string, limit: number, windowSeconds: number): RateDecision {
    const windowStart = windowStartOf(Math.floor(Date.now() / 1000), windowSeconds);
    const key = `${bucket}\u0000${subject}`;
    let counter = this.counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { windowStart, count: 0 };
      this.counters.set(key, counter);
      if (this.counters.size > 100_000) this.sweep(windowStart);
    }
    counter.count += 1;
    return decide(counter.count, limit, windowStart, windowSeconds);
  }

  /** Drops counters of windows that have ended, bounding memory. */
  private sweep(currentWindowStart: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.windowStart < currentWindowStart) this.counters.delete(key);
    }
  }
}
