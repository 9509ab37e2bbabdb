// Keyset paging over (created_at, id): the next page starts after the last row seen, so a
// sweep over a large backlog neither skips nor repeats rows while others are written.
import { type RawBuilder, sql } from 'kysely';

/** Where a page stopped: the last row's creation time and id. */
export interface PageCursor {
  createdAt: string;
  id: string;
}

/** Rows after `after` in (created_at, id) order; a row-value comparison both stores evaluate. */
export function afterCursor(after: PageCursor): RawBuilder<boolean> {
  return sql<boolean>`(created_at, id) > (${after.createdAt}, ${after.id})`;
}
