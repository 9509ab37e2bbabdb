// The in-process cache of verified API keys: key hash → account, bounded (least recently used
// goes first, by lru-cache) and short-lived, so a revocation another process missed still lands
// within the TTL.
import { LRUCache } from 'lru-cache';

export interface AuthCacheOptions {
  /** How long a verified key is trusted without asking the store again. */
  ttlMs: number;
  /** Most keys kept; 0 turns the cache off. */
  maxEntries: number;
}

/** Expiry is kept beside the value, not in lru-cache's own TTL, so callers (and tests) pass the clock. */
interface Entry<V> {
  value: V;
  until: number;
}

export class AuthCache<V extends {}> {
  /** Absent when the cache is off: lru-cache needs a positive bound. */
  private readonly entries?: LRUCache<string, Entry<V>>;
  /** Bumped by clear(): a lookup that began before a revocation must not refill the cache. */
  private generation = 0;

  constructor(private readonly options: AuthCacheOptions) {
    if (options.maxEntries > 0 && options.ttlMs > 0) this.entries = new LRUCache({ max: options.maxEntries });
  }

  get(keyHash: string, now = Date.now()): V | undefined {
    const entry = this.entries?.get(keyHash);
    if (!entry) return undefined;
    if (entry.until > now) return entry.value;
    this.entries?.delete(keyHash);
    return undefined;
  }

  /** The generation to hand back to set() once the store has answered. */
  get epoch(): number {
    return this.generation;
  }

  set(keyHash: string, value: V, epoch = this.generation, now = Date.now()): void {
    if (epoch !== this.generation) return;
    this.entries?.set(keyHash, { value, until: now + this.options.ttlMs });
  }

  /** Forgets every key: after a revocation or an account change, anywhere. */
  clear(): void {
    this.generation++;
    this.entries?.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
