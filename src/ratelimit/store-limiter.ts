// Counters shared by every API node, kept in the store. Request limits are counted locally
// and flushed in batches (a node's view of the others is at most FLUSH_MS old), so a read
// does not cost a write; strict quotas are counted with one atomic upsert each.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.ts';
import { type HitOptions, type RateDecision, type RateLimiter, decide, windowStartOf } from './limiter.ts';

const FLUSH_MS = 250;

interface Counter {
  subject: string;
  bucket: string;
  windowStart: number;
  /** Total across nodes as of the last flush. */
  shared: number;
  /** Hits on this node not yet flushed. */
  pending: number;
}

export class StoreRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly timer: NodeJS.Timeout;
  private lastSweep = 0;
  private flushing?: Promise<void>;

  constructor(private readonly db: Kysely<Database>) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async hit(subject: string, bucket: string, limit: number, windowSeconds: number, options: HitOptions = {}): Promise<RateDecision> {
    const windowStart = windowStartOf(Math.floor(Date.now() / 1000), windowSeconds);
    if (options.strict) {
      const count = await this.add(subject, bucket, windowStart, 1);
      return decide(count, limit, windowStart, windowSeconds);
    }
    return this.count(subject, bucket, limit, windowSeconds);
  }

  count(subject: string, bucket: string, limit: number, windowSeconds: number): RateDecision {
    const windowStart = windowStartOf(Math.floor(Date.now() / 1000), windowSeconds);
    const key = `${bucket}\u0000${subject}`;
    let counter = this.counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      counter = { subject, bucket, windowStart, shared: 0, pending: 0 };
      this.counters.set(key, counter);
    }
    counter.pending += 1;
    return decide(counter.shared + counter.pending, limit, windowStart, windowSeconds);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async add(subject: string, bucket: string, windowStart: number, delta: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_counters')
      .values({ account_id: subject, bucket, window_start: windowStart, count: delta })
      .onConflict((oc) =>
        oc.columns(['account_id', 'bucket', 'window_start']).doUpdateSet({ count: sql`rate_counters.count + ${delta}` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private flush(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        const now = windowStartOf(Math.floor(Date.now() / 1000), 60);
        for (const [key, counter] of this.counters) {
          const delta = counter.pending;
          if (delta > 0) {
            counter.pending -= delta;
            counter.shared = await this.add(counter.subject, counter.bucket, counter.windowStart, delta).catch(() => {
              counter.pending += delta;
              return counter.shared;
            });
          } else if (counter.windowStart < now - 60) {
            this.counters.delete(key);
          }
        }
        await this.sweepOccasionally(now);
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  private async sweepOccasionally(windowStart: number): Promise<void> {
    if (windowStart - this.lastSweep < 3600) return;
    this.lastSweep = windowStart;
    // Daily buckets live longest; anything older than two days is dead.
    await this.db.deleteFrom('rate_counters').where('window_start', '<', windowStart - 2 * 86400).execute().catch(() => {});
  }
}
