// Kysely's SqliteDialect expects a better-sqlite3-shaped database. Node 22 ships SQLite
// itself (node:sqlite), so this adapter lets the embedded store need no native addon.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Bindable = null | number | bigint | string | Uint8Array;

function bindable(value: unknown): Bindable {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  const reader = statement.columns().length > 0;
  const args = (parameters: ReadonlyArray<unknown>) => parameters.map(bindable);
  return {
    reader,
    all: (parameters) => statement.all(...args(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...args(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...args(parameters)) as IterableIterator<unknown>,
  };
}

const STATEMENT_CACHE_SIZE = 200;

export function openNodeSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(file);
  // Kysely prepares every query it runs; the same few hundred SQL texts repeat, so keep them.
  const statements = new Map<string, SqliteStatement>();
  // WAL lets the CLI and a running server share the file; busy_timeout waits out short locks.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  // Reads of a large store: map the file (no read syscall per page) and keep 32 MiB of pages,
  // enough for the indexes of a few million resources.
  db.exec('PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -32768;');
  return {
    raw: db,
    close: () => db.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statement = wrapStatement(db.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
