// Every asynchronous resource (notes, codings, transcriptions, template jobs, consensus
// requests) is one row of `resources`; its state machine is enforced by the WHERE clauses.
import { type Kysely, sql } from 'kysely';
import type { Db } from './database.ts';
import type { Database, ResourceKind, ResourceStatus, ResourcesTable } from './schema.ts';
import { afterCursor, type PageCursor } from './keyset.ts';
import type { PreparedRead, PreparedReads } from './prepared.ts';

export interface Resource {
  id: string;
  accountId: string;
  kind: ResourceKind;
  status: ResourceStatus;
  request: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  processingTimeMs: number | null;
  createdAt: string;
  updatedAt: string;
}

function toResource(row: ResourcesTable): Resource {
  let request: Record<string, unknown> | undefined;
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind,
    status: row.status,
    // The request holds the whole transcript; most reads never look at it, so parse on demand.
    get request() {
      request ??= JSON.parse(row.request) as Record<string, unknown>;
      return request;
    },
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.error,
    processingTimeMs: row.processing_time_ms === null ? null : Number(row.processing_time_ms),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const OPEN_STATES: ResourceStatus[] = ['pending', 'processing'];

const FIND_OWNED_SQL = 'select * from resources where id = $1 and kind = $2 and account_id = $3';

export class ResourcesRepository {
  /** The GET of every resource route: prepared once, when the store offers it. */
  private readonly findOwnedRead?: PreparedRead<ResourcesTable>;

  constructor(
    private readonly db: Kysely<Database>,
    reads?: PreparedReads,
  ) {
    this.findOwnedRead = reads?.prepare<ResourcesTable>('resources_find_owned', FIND_OWNED_SQL);
  }

  async insert(db: Db, resource: Resource): Promise<void> {
    await db
      .insertInto('resources')
      .values({
        id: resource.id,
        account_id: resource.accountId,
        kind: resource.kind,
        status: resource.status,
        request: JSON.stringify(resource.request),
        result: resource.result === null ? null : JSON.stringify(resource.result),
        error: resource.error,
        processing_time_ms: resource.processingTimeMs,
        created_at: resource.createdAt,
        updated_at: resource.updatedAt,
      })
      .execute();
  }

  /** How many resources of each kind and status an account created since `since` (dashboard usage). */
  async countByAccount(accountId: string, since: string): Promise<{ kind: ResourceKind; status: ResourceStatus; count: number }[]> {
    const rows = await this.db
      .selectFrom('resources')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .groupBy(['kind', 'status'])
      .execute();
    return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.count) }));
  }

  /** A resource as its owner sees it; another account's id is simply not found. */
  async findOwned(kind: ResourceKind, accountId: string, id: string): Promise<Resource | undefined> {
    if (this.findOwnedRead) {
      const [found] = await this.findOwnedRead([id, kind, accountId]);
      return found && toResource(found);
    }
    const row = await this.db
      .selectFrom('resources')
      .selectAll()
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row && toResource(row);
  }

  async findById(id: string): Promise<Resource | undefined> {
    const row = await this.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toResource(row);
  }

  /** pending → processing; false when the resource is gone or already finished. */
  async markProcessing(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('resources')
      .set({ status: 'processing', updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** processing → completed | failed, once; false when someone else finished it first. */
  async finish(
    db: Db,
    id: string,
    outcome: { status: 'completed'; result: Record<string, unknown> } | { status: 'failed'; error: string },
    processingTimeMs: number,
    now: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('resources')
      .set({
        status: outcome.status,
        result: outcome.status === 'completed' ? JSON.stringify(outcome.result) : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        processing_time_ms: processingTimeMs,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', 'in', OPEN_STATES)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(db: Db, kind: ResourceKind, accountId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('resources')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * One page of an account's resources of a kind, oldest first; `after` continues from the
   * previous page's last row. Served from the (account_id, kind, created_at, id) index, so a
   * page costs the same at the start of a million rows as at the end.
   */
  async listOwned(kind: ResourceKind, accountId: string, limit: number, after?: PageCursor): Promise<Resource[]> {
    let query = this.db.selectFrom('resources').selectAll().where('account_id', '=', accountId).where('kind', '=', kind);
    if (after) query = query.where(afterCursor(after));
    const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
    return rows.map(toResource);
  }

  /**
   * Finished resources last updated before `cutoff` (retention purge), from the
   * (status, updated_at) index; `audioFile` is the upload a transcription leaves behind.
   */
  async listFinishedBefore(cutoff: string, limit: number): Promise<(Pick<Resource, 'id' | 'kind' | 'accountId'> & { audioFile?: string })[]> {
    const rows = await this.db
      .selectFrom('resources')
      .select(['id', 'kind', 'account_id'])
      // Only a transcription's request names a file; the others' (whole transcripts) stay unread.
      .select(sql<string | null>`case when kind = 'transcription' then request end`.as('audio_request'))
      .where('status', 'in', ['completed', 'failed'])
      .where('updated_at', '<', cutoff)
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const audioFile = r.audio_request ? (JSON.parse(r.audio_request) as { audioFile?: unknown }).audioFile : undefined;
      return { id: r.id, kind: r.kind, accountId: r.account_id, ...(typeof audioFile === 'string' && { audioFile }) };
    });
  }

  /** Deletes these resources if they are still finished and older than `cutoff`; returns how many went. */
  async deleteFinishedBefore(db: Db, ids: string[], cutoff: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .deleteFrom('resources')
      .where('id', 'in', ids)
      .where('status', 'in', ['completed', 'failed'])
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Open resources last changed before `changedBefore`, oldest first, for the sweep that
   * settles resources whose job is gone; `after` continues from the previous page.
   */
  async listOpen(
    changedBefore: string,
    limit: number,
    after?: PageCursor,
  ): Promise<Resource[]> {
    let query = this.db
      .selectFrom('resources')
      .selectAll()
      .where('status', 'in', OPEN_STATES)
      .where('updated_at', '<', changedBefore);
    if (after) query = query.where(afterCursor(after));
    const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
    return rows.map(toResource);
  }
}
