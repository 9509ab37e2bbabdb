// Schema migrations, written once with Kysely's schema builder for both stores.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { StoreCapabilities } from './capabilities.ts';

/** 0001: accounts and their API keys. */
async function createAccountTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alpha_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_limit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('consensus_daily', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
}

/** 0001: resources and the embedded job queue. */
async function createJobTables(db: Kysely<any>, caps: StoreCapabilities): Promise<void> {
  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('processing_time_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_account_kind').on('resources').columns(['account_id', 'kind', 'created_at']).execute();
  await db.schema
    .createTable('queue_jobs')
    .addColumn('id', caps.autoIncrementType, (c) =>
      caps.autoIncrementType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('queue_jobs_claim').on('queue_jobs').columns(['kind', 'state', 'run_at']).execute();
}

/** 0001: the outbox and webhook endpoints, deliveries and attempts. */
async function createWebhookTables(db: Kysely<any>, caps: StoreCapabilities): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_events_resource').on('outbox_events').column('resource_id').execute();
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').column('account_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_latency_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'created_at']).execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', caps.autoIncrementType, (c) =>
      caps.autoIncrementType === 'integer' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute();
}

/** 0001: idempotency keys, settings and rate counters. */
async function createRequestTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rate_counters')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['account_id', 'bucket', 'window_start'])
    .execute();
}

function migrations(caps: StoreCapabilities): Record<string, Migration> {
  return {
    '0001_core': {
      async up(db: Kysely<any>) {
        await createAccountTables(db);
        await createJobTables(db, caps);
        await createWebhookTables(db, caps);
        await createRequestTables(db);
      },
    },
    '0002_resource_indexes': {
      // Keyset listing per account and kind reads (account_id, kind, created_at, id) in order;
      // the retention purge and the stranded-work sweep find rows by status and age.
      async up(db: Kysely<any>) {
        await db.schema.dropIndex('resources_account_kind').execute();
        await db.schema.createIndex('resources_owner_page').on('resources').columns(['account_id', 'kind', 'created_at', 'id']).execute();
        await db.schema.createIndex('resources_status_age').on('resources').columns(['status', 'updated_at']).execute();
      },
    },
    '0003_idempotency_resource': {
      // An idempotency record points at the resource its request created, so deleting the
      // resource (by the caller or the retention purge) takes the record with it.
      async up(db: Kysely<any>) {
        await db.schema.alterTable('idempotency_keys').addColumn('resource_id', 'text').execute();
        await db.schema.createIndex('idempotency_keys_resource').on('idempotency_keys').column('resource_id').execute();
      },
    },
  };
}

/**
 * Brings the schema up to date. `schema` (PostgreSQL) names where the migration tables
 * live: without it Kysely takes another schema's migration tables in the same database for
 * this one's, and never creates its own.
 */
export async function migrateToLatest(db: Kysely<any>, caps: StoreCapabilities, schema?: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(caps) };
  const migrator = new Migrator({ db, provider, ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? error}`);
  }
}

export { sql };
