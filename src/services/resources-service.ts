// Creating, reading and deleting asynchronous resources. Creation writes the resource and
// its job in one transaction: an accepted request is never lost.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newId } from '../ids.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { IdempotencyRepository } from '../store/idempotency-repo.ts';
import type { OutboxRepository } from '../store/outbox-repo.ts';
import type { Resource, ResourcesRepository } from '../store/resources-repo.ts';
import type { Database, ResourceKind, ResourceStatus } from '../store/schema.ts';
import type { ResultCache } from './result-cache.ts';

const ID_PREFIX = { note: 'note', coding: 'coding', transcription: 'tr', template: 'template', consensus: 'consensus' } as const;

/** Notes are `processing` from creation (spec); every other job starts `pending`. */
const INITIAL_STATUS: Record<ResourceKind, 'pending' | 'processing'> = {
  note: 'processing',
  coding: 'pending',
  transcription: 'pending',
  template: 'pending',
  consensus: 'pending',
};

/** A finished resource never changes again; only these are kept by the result cache. */
const FINISHED: ReadonlySet<ResourceStatus> = new Set(['completed', 'failed']);

/** How a route writes a resource: `name` tells its views apart, `serialize` writes the body. */
export interface ResourceView {
  name: string;
  serialize(resource: Resource): string;
}

export class ResourcesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: ResourcesRepository,
    private readonly outbox: OutboxRepository,
    private readonly queue: JobQueue,
    private readonly dataDir: string,
    private readonly idempotency: IdempotencyRepository,
    private readonly results: ResultCache,
  ) {}

  /** The id a resource of this kind will get; callers that write files first need it early. */
  newId(kind: ResourceKind): string {
    return newId(ID_PREFIX[kind]);
  }

  async create(kind: ResourceKind, accountId: string, request: Record<string, unknown>, id = this.newId(kind)): Promise<Resource> {
    const now = new Date().toISOString();
    const resource: Resource = {
      id,
      accountId,
      kind,
      status: INITIAL_STATUS[kind],
      request,
      result: null,
      error: null,
      processingTimeMs: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, resource);
      await this.queue.enqueue(trx, { queue: 'resource', id });
    });
    this.queue.wake();
    return resource;
  }

  get(kind: ResourceKind, accountId: string, id: string): Promise<Resource | undefined> {
    return this.repo.findOwned(kind, accountId, id);
  }

  /**
   * The account's resource written by `view`, or undefined when it has none by that id. A
   * finished resource's body is kept (ResultCache): reading it again costs no store round
   * trip and no serialisation.
   */
  async render(kind: ResourceKind, accountId: string, id: string, view: ResourceView): Promise<string | undefined> {
    const kept = this.results.get(accountId, kind, id, view.name);
    if (kept !== undefined) return kept;
    const epoch = this.results.epoch;
    const resource = await this.repo.findOwned(kind, accountId, id);
    if (!resource) return undefined;
    const body = view.serialize(resource);
    if (FINISHED.has(resource.status)) this.results.set(accountId, kind, id, view.name, body, epoch);
    return body;
  }

  /** Removes the resource, its uploaded audio and its undelivered events. */
  async delete(kind: ResourceKind, accountId: string, id: string): Promise<boolean> {
    const resource = await this.repo.findOwned(kind, accountId, id);
    if (!resource) return false;
    const deleted = await this.db.transaction().execute(async (trx) => {
      await this.outbox.deleteForResource(trx, id);
      await this.idempotency.deleteForResource(trx, id);
      return this.repo.delete(trx, kind, accountId, id);
    });
    // After the commit: a read that refilled the cache before it would find the row again.
    if (deleted) await this.results.forget([id]);
    await this.removeAudio(resource);
    return deleted;
  }

  /** Resources an account created since `since`, counted by kind and status. */
  usage(accountId: string, since: string) {
    return this.repo.countByAccount(accountId, since);
  }

  /** Finished resources last changed before `cutoff`, for the retention purge. */
  listExpired(cutoff: string, limit: number) {
    return this.repo.listFinishedBefore(cutoff, limit);
  }

  /**
   * Deletes up to `limit` finished resources last changed before `cutoff` (with their
   * undelivered events and uploaded audio) in one transaction; returns how many went.
   */
  async purgeExpired(cutoff: string, limit: number): Promise<number> {
    const expired = await this.repo.listFinishedBefore(cutoff, limit);
    const ids = expired.map((r) => r.id);
    const deleted = await this.db.transaction().execute(async (trx) => {
      await this.outbox.deleteForResources(trx, ids);
      await this.idempotency.deleteForResources(trx, ids);
      return this.repo.deleteFinishedBefore(trx, ids, cutoff);
    });
    await this.results.forget(ids);
    for (const r of expired) if (r.audioFile) await fs.rm(this.audioPath(r.audioFile), { force: true });
    return deleted;
  }

  /**
   * A place for the audio of a new transcription: `work` writes the upload to `path` and
   * calls `keep()` once the resource that points at it exists. Anything else (a refusal, an
   * error, an idempotent replay) removes the file.
   */
  async withAudioUpload<T>(work: (slot: { id: string; fileName: string; path: string; keep(): void }) => Promise<T>): Promise<T> {
    const id = this.newId('transcription');
    const fileName = `${id}.audio`;
    const target = this.audioPath(fileName);
    await fs.mkdir(this.audioPath(''), { recursive: true });
    let kept = false;
    try {
      const keep = (): void => {
        kept = true;
      };
      return await work({ id, fileName, path: target, keep });
    } finally {
      if (!kept) await fs.rm(target, { force: true });
    }
  }

  /** Path of a transcription's uploaded audio, inside the data directory. */
  audioPath(fileName: string): string {
    return path.join(this.dataDir, 'uploads', path.basename(fileName));
  }

  private async removeAudio(resource: Resource): Promise<void> {
    const file = resource.request.audioFile;
    if (typeof file === 'string') await fs.rm(this.audioPath(file), { force: true });
  }
}
