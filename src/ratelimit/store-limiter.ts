// Counters shared by every API node, kept in the store with one atomic upsert per hit.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.ts';
import { type RateDecision, type RateLimiter, decide, windowStartOf } from './limiter.ts';

export class StoreRateLimiter implements RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(subject: string, bucket: string, limit: number, windowSeconds: number): Promise<RateDecision> {
    const windowStart = windowStartOf(Math.floor(Date.now() / 1000), windowSeconds);
    const row = await this.db
      .insertInto('rate_counters')
      .values({ account_id: subject, bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc.columns(['account_id', 'bucket', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    this.sweepOccasionally(windowStart);
    return decide(Number(row.count), limit, windowStart, windowSeconds);
  }

  private sweepOccasionally(windowStart: number): void {
    if (windowStart - this.lastSweep < 3600) return;
    this.lastSweep = windowStart;
    // Daily buckets live longest; anything older than two days is dead.
    this.db
      .deleteFrom('rate_counters')
      .where('window_start', '<', windowStart - 2 * 86400)
      .execute()
      .catch(() => {});
  }
}
