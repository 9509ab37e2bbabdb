// Job throughput on one process with the real embedded note engine: notes accepted per second
// over HTTP (16 concurrent clients) and completed per second, on SQLite and PostgreSQL; and
// what the queue adds to a job's start when it is idle (accepted → engine called), which
// in-process wakeups (SQLite) and LISTEN/NOTIFY (pg-boss) should keep to a few milliseconds.
import os from 'node:os';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createEngines } from '../src/engines/registry.ts';
import { createRuntime } from '../src/runtime.ts';
import { storeEnv } from '../test/helpers/harness.ts';
import { visitDialogues } from './lib/visits.ts';

const BURST = Number(process.env.BENCH_THROUGHPUT_NOTES ?? 200);
const IDLE_SAMPLES = 20;
const CLIENTS = 16;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A running service to time: post a note, wait for notes to finish, and when the engine was called for each. */
interface Target {
  post: (i: number, dialogue: string) => Promise<string>;
  waitDone: (ids: string[]) => Promise<void>;
  started: Map<string, number>;
  dialogues: string[];
}

/**
 * Idle: one note at a time, after the queue has had time to go quiet. The POST's round trip
 * is the API's share; from its answer to the engine call is the queue's (NOTIFY or an
 * in-process wakeup, the claim, and the runner's read and processing mark). A job that
 * started before the answer arrived counts 0.
 */
async function idleRows(store: string, t: Target): Promise<string[]> {
  const roundTrips: number[] = [];
  const pickups: number[] = [];
  for (let i = 0; i < IDLE_SAMPLES; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const dialogue = t.dialogues[i % t.dialogues.length]!;
    const sent = performance.now();
    const id = await t.post(100_000 + i, dialogue);
    const accepted = performance.now();
    await t.waitDone([id]);
    roundTrips.push(accepted - sent);
    pickups.push(Math.max(0, t.started.get(`[doctor] request ${100_000 + i} .\n${dialogue}`.slice(0, 40))! - accepted));
  }
  roundTrips.sort((a, b) => a - b);
  pickups.sort((a, b) => a - b);
  return [
    `| ${store} | idle: POST /v1/notes round trip | p50 ${pct(roundTrips, 50).toFixed(1)} ms · p95 ${pct(roundTrips, 95).toFixed(1)} ms |`,
    `| ${store} | idle: 202 received → engine called (queue pickup) | p50 ${pct(pickups, 50).toFixed(1)} ms · p95 ${pct(pickups, 95).toFixed(1)} ms · max ${pickups.at(-1)!.toFixed(1)} ms |`,
  ];
}

/** Burst: BURST notes from CLIENTS concurrent clients, then until all are completed. */
async function burstRows(store: string, t: Target, concurrency: number): Promise<string[]> {
  const t0 = performance.now();
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < BURST) {
        const i = next++;
        ids.push(await t.post(i, t.dialogues[i % t.dialogues.length]!));
      }
    }),
  );
  const acceptedMs = performance.now() - t0;
  await t.waitDone(ids);
  const doneMs = performance.now() - t0;
  return [
    `| ${store} | ${BURST} notes accepted (${CLIENTS} clients) | ${(BURST / (acceptedMs / 1000)).toFixed(0)} notes/s |`,
    `| ${store} | ${BURST} notes completed (concurrency ${concurrency}) | ${(BURST / (doneMs / 1000)).toFixed(1)} notes/s (${(doneMs / 1000).toFixed(1)} s) |`,
  ];
}

async function run(store: 'sqlite' | 'postgres'): Promise<string[]> {
  const { env, cleanup } = storeEnv(store);
  const config = loadConfig(env);
  const real = createEngines(config).notes;
  /** When the engine was called for each transcript (the first line is unique per request). */
  const started = new Map<string, number>();
  const runtime = await createRuntime(config, {
    engines: {
      notes: {
        generateNote: (request) => {
          started.set(request.transcript.slice(0, 40), performance.now());
          return real.generateNote(request);
        },
      },
    },
  });
  try {
    const app = await buildApp(runtime, { logger: false });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await runtime.startWorkers();
    const { account, apiKey } = await runtime.accounts.createAccount({ name: 'bench', rateLimitPerMinute: 1_000_000 });
    const headers = { 'x-api-key': apiKey, 'x-account-id': account.id, 'content-type': 'application/json' };
    const target: Target = {
      started,
      dialogues: visitDialogues(),
      post: async (i, dialogue) => {
        const res = await fetch(`${url}/v1/notes`, { method: 'POST', headers, body: JSON.stringify({ transcript: `[doctor] request ${i} .\n${dialogue}`, noteType: { type: 'soap' } }) });
        if (res.status !== 202) throw new Error(`POST answered ${res.status}`);
        return ((await res.json()) as { data: { noteId: string } }).data.noteId;
      },
      waitDone: async (ids) => {
        for (const id of ids) {
          while ((await runtime.resources.get('note', account.id, id))?.status === 'processing') await new Promise((r) => setTimeout(r, 5));
        }
      },
    };
    const rows = [...(await idleRows(store, target)), ...(await burstRows(store, target, config.workerConcurrency))];
    await app.close();
    return rows;
  } finally {
    await runtime.close();
    await cleanup();
  }
}

const rows: string[] = [];
for (const store of ['sqlite', 'postgres'] as const) rows.push(...(await run(store)));
console.log(`\n### Job throughput, one process, embedded SOAP engine on ACI-bench visits (${os.cpus().length} CPUs)\n`);
console.log('| store | measure | result |');
console.log('|---|---|---|');
for (const r of rows) console.log(r);
