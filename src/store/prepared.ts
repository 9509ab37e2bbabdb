// Prepared reads for the hot path: one SQL text, parsed once per connection and run without
// Kysely's builder, compiler or connection mutex, outside any transaction. SQLite runs the
// cached statement synchronously; PostgreSQL names the statement so each pooled connection
// parses it once.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type pg from 'pg';

/** Runs one read with positional parameters ($1, $2, …) and returns its rows. */
export type PreparedRead<Row> = (params: readonly (string | number | null)[]) => Promise<Row[]>;

export interface PreparedReads {
  prepare<Row>(name: string, text: string): PreparedRead<Row>;
}

/** `$1` placeholders become SQLite's numbered `?1`, bound by position. */
function sqliteText(text: string): string {
  return text.replace(/\$(\d+)/g, '?$1');
}

export function sqlitePreparedReads(db: DatabaseSync): PreparedReads {
  return {
    prepare<Row>(_name: string, text: string): PreparedRead<Row> {
      let statement: StatementSync | undefined;
      return async (params) => {
        statement ??= db.prepare(sqliteText(text));
        return statement.all(...params) as Row[];
      };
    },
  };
}

export function postgresPreparedReads(pool: pg.Pool): PreparedReads {
  return {
    prepare<Row>(name: string, text: string): PreparedRead<Row> {
      return async (params) => (await pool.query({ name, text, values: params as unknown[] })).rows as Row[];
    },
  };
}
