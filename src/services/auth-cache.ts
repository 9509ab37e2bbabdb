// The in-process cache of verified API keys: key hash → account, bounded (least recently used
// goes first) and short-lived, so a revocation another process missed still lands within the TTL.
export interface AuthCacheOptions {
  /** How long a verified key is trusted without asking the store again. */
  ttlMs: number;
  /** Most keys kept; 0 turns the cache off. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  until: number;
}

export class AuthCache<V> {
  /** A Map iterates in insertion order: re-inserting on a hit keeps the oldest use first. */
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by clear(): a lookup that began before a revocation must not refill the cache. */
  private generation = 0;

  constructor(private readonly options: AuthCacheOptions) {}

  get(keyHash: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(keyHash);
      return undefined;
    }
    this.entries.delete(keyHash);
    this.entries.set(keyHash, entry);
    return entry.value;
  }

  /** The generation to hand back to set() once the store has answered. */
  get epoch(): number {
    return this.generation;
  }

  set(keyHash: string, value: V, epoch = this.generation, now = Date.now()): void {
    if (this.options.maxEntries === 0 || this.options.ttlMs === 0 || epoch !== this.generation) return;
    this.entries.delete(keyHash);
    while (this.entries.size >= this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(keyHash, { value, until: now + this.options.ttlMs });
  }

  /** Forgets every key: after a revocation or an account change, anywhere. */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
