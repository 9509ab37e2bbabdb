// A million notes across 100 accounts, in SQLite and in PostgreSQL: how fast they are seeded,
// GET /v1/notes/{id} latency over HTTP (random notes of random accounts), keyset listing
// pages at the start and the middle of an account, pg-boss/SQLite liveJobs for a page of ids,
// the stranded-work sweep and the retention purge over the full table.
// BENCH_MILLION_NOTES (default 1 000 000) and BENCH_MILLION_STORES (default sqlite,postgres).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';
import { runMaintenance, sweepStranded } from '../src/work/maintenance.ts';
import type { PageCursor } from '../src/store/keyset.ts';
import { ResourcesRepository } from '../src/store/resources-repo.ts';
import { storeEnv } from '../test/helpers/harness.ts';
import { getLoad } from './lib/get-load.ts';
import { seedNotes, seededNoteId } from './lib/seed-notes.ts';

const NOTES = Number(process.env.BENCH_MILLION_NOTES ?? 1_000_000);
const STORES = (process.env.BENCH_MILLION_STORES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const ACCOUNTS = 100;
const EXPIRED = 5_000;
const HTTP_SECONDS = Number(process.env.BENCH_MILLION_HTTP_SECONDS ?? 5);
const HTTP_CONNECTIONS = 4;

const note = {
  markdown: `# SOAP note\n\n## Subjective\n${'Knee pain for two weeks after a fall, worse on stairs. '.repeat(6)}\n\n## Plan\nIbuprofen 400 mg three times daily; review in two weeks.`,
  json: { subjective: { chiefComplaint: 'Knee pain' }, plan: ['Ibuprofen 400 mg three times daily'] },
};
const REQUEST = JSON.stringify({ transcript: '[doctor] What brings you in?\n[patient] My knee hurts.', noteType: { type: 'soap' } });
const RESULT = JSON.stringify({ payload: note });

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (t0: number) => performance.now() - t0;

async function timeEach(times: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(ms(t0));
  }
  return out.sort((a, b) => a - b);
}

type Store = 'sqlite' | 'postgres';
type Runtime = Awaited<ReturnType<typeof createRuntime>>;
type Created = Awaited<ReturnType<Runtime['accounts']['createAccount']>>;
type Row = (what: string, value: string) => void;

async function seed(runtime: Runtime, store: Store, row: Row): Promise<Created[]> {
  const accounts: Created[] = [];
  for (let k = 0; k < ACCOUNTS; k++) accounts.push(await runtime.accounts.createAccount({ name: `clinic ${k}`, rateLimitPerMinute: 100_000_000 }));
  // Nine days of notes ending a day ago, so none is past the 30-day retention unless made so.
  const startSeconds = Date.now() / 1000 - 10 * 86_400;
  const spacingSeconds = (9 * 86_400) / NOTES;
  const t0 = performance.now();
  const accountIds = accounts.map((a) => a.account.id);
  await seedNotes(runtime.store.db, store, { notes: NOTES, accountIds, startSeconds, spacingSeconds, request: REQUEST, result: RESULT }, (done) =>
    process.stderr.write(`\r${store}: ${done} notes seeded`),
  );
  const seedMs = ms(t0);
  process.stderr.write('\n');
  row('seed (bulk INSERT … SELECT, incl. indexes and ANALYZE)', `${NOTES.toLocaleString('en')} notes in ${(seedMs / 1000).toFixed(1)} s (${Math.round(NOTES / (seedMs / 1000)).toLocaleString('en')} rows/s)`);
  return accounts;
}

/** GET over HTTP (a random note of its own account each time), then the bare store read. */
async function measureGet(runtime: Runtime, accounts: Created[], row: Row): Promise<void> {
  const app = await buildApp(runtime, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const targets = Array.from({ length: 20_000 }, () => {
    const i = Math.floor(Math.random() * NOTES);
    const a = accounts[i % ACCOUNTS]!;
    return { path: `/v1/notes/${seededNoteId(i)}`, headers: { 'x-api-key': a.apiKey, 'x-account-id': a.account.id } };
  });
  await getLoad(address, targets, HTTP_CONNECTIONS, 1);
  const http = await getLoad(address, targets, HTTP_CONNECTIONS, HTTP_SECONDS);
  await app.close();
  row(
    `GET /v1/notes/{id}, random notes (${HTTP_CONNECTIONS} connections from a worker thread, ${HTTP_SECONDS} s)`,
    `p50 ${pct(http.latencies, 50).toFixed(2)} ms · p99 ${pct(http.latencies, 99).toFixed(2)} ms · ${Math.round(http.latencies.length / HTTP_SECONDS)} req/s · ${http.errors} errors`,
  );
  const repo = new ResourcesRepository(runtime.store.db, runtime.store.reads);
  const reads = await timeEach(2000, () => {
    const i = Math.floor(Math.random() * NOTES);
    return repo.findOwned('note', accounts[i % ACCOUNTS]!.account.id, seededNoteId(i));
  });
  row('store read of one note (in process, prepared)', `p50 ${pct(reads, 50).toFixed(3)} ms · p99 ${pct(reads, 99).toFixed(3)} ms`);
}

/** Keyset listing: 20 pages of 50 from an account's first note, and 20 from its middle. */
async function measureListing(runtime: Runtime, accounts: Created[], row: Row): Promise<void> {
  const repo = new ResourcesRepository(runtime.store.db, runtime.store.reads);
  const owner = accounts[7]!.account.id;
  const walk = async (after?: PageCursor) => {
    const times: number[] = [];
    for (let p = 0; p < 20; p++) {
      const t = performance.now();
      const page = await repo.listOwned('note', owner, 50, after);
      times.push(ms(t));
      const last = page.at(-1);
      if (!last) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
    return times.sort((a, b) => a - b);
  };
  const first = await walk();
  const middleRow = await repo.findOwned('note', owner, seededNoteId(Math.floor(NOTES / 2 / ACCOUNTS) * ACCOUNTS + 7));
  const middle = await walk(middleRow && { createdAt: middleRow.createdAt, id: middleRow.id });
  row('list page of 50 (keyset), from the start / from the middle', `p50 ${pct(first, 50).toFixed(2)} / ${pct(middle, 50).toFixed(2)} ms · max ${first.at(-1)!.toFixed(2)} / ${middle.at(-1)!.toFixed(2)} ms`);
}

/** liveJobs for a page of ids, the stranded-work sweep and the retention purge over the full table. */
async function measureMaintenance(runtime: Runtime, row: Row): Promise<void> {
  const ids = Array.from({ length: 100 }, (_, k) => seededNoteId(k * 997));
  const live = await timeEach(10, () => runtime.queue.liveJobs('resource', ids));
  row('liveJobs for a page of 100 ids', `p50 ${pct(live, 50).toFixed(2)} ms`);
  let t0 = performance.now();
  await sweepStranded(runtime);
  row('stranded-work sweep over the table (nothing open)', `${ms(t0).toFixed(1)} ms`);
  t0 = performance.now();
  await runMaintenance(runtime);
  row('retention purge, nothing expired', `${ms(t0).toFixed(1)} ms`);
  const step = Math.floor(NOTES / EXPIRED);
  const expiredIds = Array.from({ length: EXPIRED }, (_, k) => seededNoteId(k * step));
  for (let k = 0; k < expiredIds.length; k += 1000) {
    await runtime.store.db.updateTable('resources').set({ updated_at: '2001-01-01T00:00:00.000Z' }).where('id', 'in', expiredIds.slice(k, k + 1000)).execute();
  }
  t0 = performance.now();
  const purged = await runMaintenance(runtime);
  const purgeMs = ms(t0);
  row(`retention purge of ${EXPIRED.toLocaleString('en')} expired notes (batches of 500)`, `${purged} purged in ${(purgeMs / 1000).toFixed(2)} s (${Math.round(purged / (purgeMs / 1000))}/s)`);
}

async function run(store: Store): Promise<string[]> {
  const { env, dataDir, cleanup } = storeEnv(store, { CLINSCRIBE_RETENTION_DAYS: '30' });
  const runtime = await createRuntime(loadConfig(env), { engines: { notes: { generateNote: async () => note } } });
  const rows: string[] = [];
  const row: Row = (what, value) => rows.push(`| ${store} | ${what} | ${value} |`);
  try {
    const accounts = await seed(runtime, store, row);
    await measureGet(runtime, accounts, row);
    await measureListing(runtime, accounts, row);
    await measureMaintenance(runtime, row);
    const size =
      store === 'sqlite'
        ? fs.statSync(path.join(dataDir, 'clinscribe.sqlite')).size
        : Number((await sql<{ size: string }>`select pg_total_relation_size('resources') as size`.execute(runtime.store.db)).rows[0]!.size);
    row('resources table on disk', `${(size / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    await runtime.close();
    await cleanup();
  }
  return rows;
}

const rows: string[] = [];
for (const store of STORES) rows.push(...(await run(store)));
console.log(`\n### ${NOTES.toLocaleString('en')} notes across ${ACCOUNTS} accounts\n`);
console.log('| store | measure | result |');
console.log('|---|---|---|');
for (const r of rows) console.log(r);
