// The serialised bodies of finished resources (completed or failed: they never change again,
// they can only be deleted) kept in process, so a repeated GET costs no store read and no
// serialisation. Bounded in bytes, least recently used first out; an entry answers only the
// account and kind it was read for. A deletion drops the entry here at once and, through the
// invalidation channel, in every other process sharing the store.
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
  /** By resource id; a Map iterates in insertion order, so re-inserting on a hit keeps the oldest use first. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every deletion: a read that began before it must not refill the cache. */
  private generation = 0;

  constructor(
    private readonly options: ResultCacheOptions,
    private readonly invalidation: Invalidation,
  ) {
    invalidation.subscribe((message) => {
      if (!message) this.clear();
      else if ('resources' in message) this.drop(message.resources);
    });
  }

  /** The body `view` rendered for this account's resource, if kept and still fresh. */
  get(accountId: string, kind: ResourceKind, id: string, view: string, now = Date.now()): string | undefined {
    if (this.entries.size === 0 || !this.invalidation.live) return undefined;
    const entry = this.entries.get(id);
    if (!entry || entry.accountId !== accountId || entry.kind !== kind || entry.view !== view) return undefined;
    if (entry.until <= now) {
      this.remove(id, entry);
      return undefined;
    }
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.body;
  }

  /** The generation to hand back to set() once the store has answered. */
  get epoch(): number {
    return this.generation;
  }

  /** Keeps a finished resource's body, unless a deletion happened since `epoch` or it is too large to be worth it. */
  set(accountId: string, kind: ResourceKind, id: string, view: string, body: string, epoch: number, now = Date.now()): void {
    const bytes = entryBytes(id, body);
    // One body may take an eighth of the budget at most: a huge note must not flush the rest.
    if (epoch !== this.generation || !this.invalidation.live || bytes > this.options.maxBytes / 8) return;
    const prior = this.entries.get(id);
    if (prior) this.remove(id, prior);
    while (this.bytes + bytes > this.options.maxBytes) {
      const [oldestId, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestId, oldest);
    }
    this.entries.set(id, { accountId, kind, view, body, bytes, until: now + this.options.ttlMs });
    this.bytes += bytes;
  }

  /** Drops these resources here at once, then tells every other process sharing the store. */
  async forget(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    this.drop(ids);
    await this.invalidation.publish({ resources: ids });
  }

  /** Bytes currently held (what the bound applies to). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private drop(ids: readonly string[]): void {
    this.generation++;
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry) this.remove(id, entry);
    }
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}
