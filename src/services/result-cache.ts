// The serialised bodies of finished resources (completed or failed: they never change again,
// they can only be deleted) kept in process, so a repeated GET costs no store read and no
// serialisation. Bounded in bytes, least recently used first out (lru-cache); an entry answers only the
// account and kind it was read for. A deletion drops the entry here at once and, through the
// invalidation channel, in every other process sharing the store.
import { LRUCache } from 'lru-cache';
import type { Invalidation } from '../store/invalidation.ts';
import type { ResourceKind } from '../store/schema.ts';

export interface ResultCacheOptions {
  /** Most bytes of bodies kept; 0 turns the cache off. */
  maxBytes: number;
  /**
   * How long an entry may answer. Where the channel reaches every process (PostgreSQL) this
   * only bounds a change made outside the service; where it cannot (several processes on one
   * SQLite file) it is how soon another process's deletion is honoured.
   */
  ttlMs: number;
}

interface Entry {
  accountId: string;
  kind: ResourceKind;
  view: string;
  body: string;
  bytes: number;
  until: number;
}

/** V8 keeps a string in one or two bytes a character; count two, plus the entry's own objects. */
const ENTRY_OVERHEAD_BYTES = 200;
const entryBytes = (id: string, body: string) => 2 * (id.length + body.length) + ENTRY_OVERHEAD_BYTES;

export class ResultCache {
  /** By resource id; absent when the cache is off (lru-cache needs a positive bound). */
  private readonly entries?: LRUCache<string, Entry>;
  /** Bumped by every deletion: a read that began before it must not refill the cache. */
  private generation = 0;

  constructor(
    private readonly options: ResultCacheOptions,
    private readonly invalidation: Invalidation,
  ) {
    if (options.maxBytes > 0) {
      this.entries = new LRUCache<string, Entry>({
        maxSize: options.maxBytes,
        // One body may take an eighth of the budget at most: a huge note must not flush the rest.
        maxEntrySize: options.maxBytes / 8,
        sizeCalculation: (entry) => entry.bytes,
      });
    }
    invalidation.subscribe((message) => {
      if (!message) this.clear();
      else if ('resources' in message) this.drop(message.resources);
    });
  }

  /** The body `view` rendered for this account's resource, if kept and still fresh. */
  get(accountId: string, kind: ResourceKind, id: string, view: string, now = Date.now()): string | undefined {
    if (!this.entries?.size || !this.invalidation.live) return undefined;
    const entry = this.entries.peek(id);
    if (!entry || entry.accountId !== accountId || entry.kind !== kind || entry.view !== view) return undefined;
    if (entry.until <= now) {
      this.entries.delete(id);
      return undefined;
    }
    this.entries.get(id); // a hit makes it the most recently used
    return entry.body;
  }

  /** The generation to hand back to set() once the store has answered. */
  get epoch(): number {
    return this.generation;
  }

  /** Keeps a finished resource's body, unless a deletion happened since `epoch` or it is too large to be worth it. */
  set(accountId: string, kind: ResourceKind, id: string, view: string, body: string, epoch: number, now = Date.now()): void {
    if (!this.entries || epoch !== this.generation || !this.invalidation.live) return;
    const bytes = entryBytes(id, body);
    if (bytes > this.options.maxBytes / 8) {
      this.entries.delete(id); // a body too large to keep must not leave an older one answering
      return;
    }
    this.entries.set(id, { accountId, kind, view, body, bytes, until: now + this.options.ttlMs });
  }

  /** Drops these resources here at once, then tells every other process sharing the store. */
  async forget(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    this.drop(ids);
    await this.invalidation.publish({ resources: ids });
  }

  /** Bytes currently held (what the bound applies to). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 };
  }

  private drop(ids: readonly string[]): void {
    this.generation++;
    for (const id of ids) this.entries?.delete(id);
  }

  private clear(): void {
    this.generation++;
    this.entries?.clear();
  }
}
