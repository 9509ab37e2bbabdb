// Builds a real runtime (SQLite in a temp dir, or a fresh schema on the local PostgreSQL)
// with the app on app.inject(), workers running, and one alpha-enabled account.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppInstance, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Engines } from '../../src/engines/ports.ts';
import { randomAlphanumeric } from '../../src/ids.ts';
import { type Runtime, createRuntime } from '../../src/runtime.ts';

export type StoreName = 'sqlite' | 'postgres';
export const STORES: StoreName[] = ['sqlite', 'postgres'];
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface Harness {
  app: AppInstance;
  runtime: Runtime;
  accountId: string;
  apiKey: string;
  /** Headers of the stable routes for the harness account. */
  stable: Record<string, string>;
  /** Headers of the alpha routes for the harness account. */
  alpha: Record<string, string>;
  newAccount(options?: { alpha?: boolean; rateLimitPerMinute?: number; consensusDaily?: number }): Promise<{ accountId: string; apiKey: string }>;
  close(): Promise<void>;
}

/**
 * A fresh store for one run: a temporary data directory, and on PostgreSQL a schema of its
 * own; `cleanup` removes both. Benchmarks use it with the product's defaults.
 */
export function storeEnv(store: StoreName, extra: Record<string, string> = {}): { env: Record<string, string>; dataDir: string; cleanup: () => Promise<void> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-test-'));
  const schema = `t_${randomAlphanumeric(10).toLowerCase()}`;
  const env: Record<string, string> = {
    CLINSCRIBE_DATA_DIR: dataDir,
    CLINSCRIBE_LOG_LEVEL: 'silent',
    ...(store === 'postgres' && { DATABASE_URL: TEST_DATABASE_URL, CLINSCRIBE_DB_SCHEMA: schema }),
    ...extra,
  };
  const cleanup = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (store === 'postgres') await dropSchemas(schema);
  };
  return { env, dataDir, cleanup };
}

/** The same with the tests' short leases and retries, and webhooks allowed on loopback. */
export function testEnv(store: StoreName, extra: Record<string, string> = {}): { env: Record<string, string>; cleanup: () => Promise<void> } {
  // Load shedding is off: a stall caused by other processes on a busy machine must not turn an
  // unrelated test's answer into 503 (test/routes/reliability-load.test.ts turns it on).
  return storeEnv(store, {
    CLINSCRIBE_JOB_LEASE_SECONDS: '3',
    CLINSCRIBE_JOB_RETRY_BASE_MS: '50',
    CLINSCRIBE_WEBHOOK_ALLOW_PRIVATE: '1',
    CLINSCRIBE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...extra,
  });
}

export async function dropSchemas(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function startHarness(
  store: StoreName,
  options: { engines?: Partial<Engines>; env?: Record<string, string>; config?: Partial<Config>; workers?: boolean } = {},
): Promise<Harness> {
  const { env, cleanup } = testEnv(store, options.env);
  const runtime = await createRuntime(loadConfig(env, options.config), { engines: options.engines });
  const app = await buildApp(runtime, { logger: false });
  if (options.workers !== false) await runtime.startWorkers();
  const newAccount: Harness['newAccount'] = async (o = {}) => {
    const created = await runtime.accounts.createAccount({
      name: 'Test clinic',
      alphaAccess: o.alpha ?? true,
      rateLimitPerMinute: o.rateLimitPerMinute ?? 10_000,
      consensusDaily: o.consensusDaily,
    });
    return { accountId: created.account.id, apiKey: created.apiKey };
  };
  const { accountId, apiKey } = await newAccount();
  return {
    app,
    runtime,
    accountId,
    apiKey,
    stable: { 'x-api-key': apiKey, 'x-account-id': accountId },
    alpha: { authorization: `Bearer ${apiKey}` },
    newAccount,
    async close() {
      await app.close();
      await runtime.close();
      await cleanup();
    },
  };
}

/**
 * Polls until `check` returns a value or the time runs out (then it throws). The bound is for
 * liveness, not speed: a first job also starts the engine workers, which on a loaded 2-core CI
 * machine has taken over 30 s.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 90_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** GETs `url` until the resource leaves pending/processing; returns the final body. */
export async function finished(h: Harness, url: string, headers: Record<string, string>): Promise<any> {
  return eventually(async () => {
    const res = await h.app.inject({ method: 'GET', url, headers });
    const data = res.json().data;
    return data && !['pending', 'processing'].includes(data.status) ? res.json() : undefined;
  });
}
