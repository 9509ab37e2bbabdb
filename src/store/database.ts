// Opens the configured store (SQLite file or PostgreSQL) and brings its schema up to date.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { STORE_CAPABILITIES, type StoreCapabilities } from './capabilities.ts';
import { migrateToLatest } from './migrations.ts';
import { openNodeSqlite } from './node-sqlite-driver.ts';
import { type PreparedReads, postgresPreparedReads, sqlitePreparedReads } from './prepared.ts';
import type { Database } from './schema.ts';

/** The database or a transaction on it: what a repository method that may join a caller's transaction takes. */
export type Db = Kysely<Database> | Transaction<Database>;

export interface Store {
  db: Kysely<Database>;
  caps: StoreCapabilities;
  /** PostgreSQL only: the connection string with the schema applied, for pg-boss. */
  databaseUrl?: string;
  schema: string;
  /** Hot-path reads that skip the query builder (see prepared.ts). */
  reads: PreparedReads;
  /** PostgreSQL only: the pool, for LISTEN/NOTIFY and prepared reads. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export async function openStore(config: Config): Promise<Store> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databaseSchema);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'clinscribe.sqlite');
  const sqlite = openNodeSqlite(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const caps = STORE_CAPABILITIES.sqlite;
  await migrateToLatest(db, caps);
  return { db, caps, schema: 'main', reads: sqlitePreparedReads(sqlite.raw), close: () => db.destroy() };
}

async function openPostgres(url: string, schema: string): Promise<Store> {
  if (schema !== 'public') {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: `-c search_path=${schema}`,
    statement_timeout: 30_000,
  });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it on next use */
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const caps = STORE_CAPABILITIES.postgres;
  await migrateToLatest(db, caps, schema);
  return { db, caps, databaseUrl: url, schema, reads: postgresPreparedReads(pool), pool, close: () => db.destroy() };
}

/** Liveness of the store for the readiness endpoint. */
export async function pingStore(store: Store): Promise<boolean> {
  try {
    await sql`select 1`.execute(store.db);
    return true;
  } catch {
    return false;
  }
}
