// Webhook delivery: 1,000 finished notes → 1,000 signed events to a local receiver.
// Throughput, and the delay from the state change (the event's outbox time) to receipt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';
import { dropSchemas, TEST_DATABASE_URL } from '../test/helpers/harness.ts';
import { startReceiver } from '../test/helpers/receiver.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function run(store: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-bench-'));
  const schema = `benchwh_${process.pid}`;
  const env: Record<string, string> = {
    CLINSCRIBE_DATA_DIR: dataDir,
    CLINSCRIBE_LOG_LEVEL: 'silent',
    CLINSCRIBE_WEBHOOK_ALLOW_PRIVATE: '1',
    CLINSCRIBE_WORKER_CONCURRENCY: '8',
    ...(store === 'postgres' && { DATABASE_URL: TEST_DATABASE_URL, CLINSCRIBE_DB_SCHEMA: schema }),
  };
  const runtime = await createRuntime(loadConfig(env), {
    engines: { notes: { generateNote: async (r) => ({ markdown: `Note of ${r.transcript.length} characters`, json: {} }) } },
  });
  const receiver = await startReceiver();
  try {
    const { account } = await runtime.accounts.createAccount({ name: 'bench' });
    const now = new Date().toISOString();
    await runtime.webhooks.insertEndpoint({
      id: 'whk_bench',
      accountId: account.id,
      url: receiver.url,
      events: [],
      enabled: true,
      secret: 'whsec_bench',
      previousSecret: null,
      previousSecretExpiresAt: null,
      description: null,
      createdAt: now,
      updatedAt: now,
    });
    const started = Date.now();
    for (let i = 0; i < EVENTS; i++) {
      await runtime.resources.create('note', account.id, { transcript: `[doctor] visit ${i}`, noteType: { type: 'soap' } });
    }
    await runtime.startWorkers();
    const deadline = Date.now() + 300_000;
    while (new Set(receiver.received.map((r) => r.headers['x-service-event-id'])).size < EVENTS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const delays: number[] = [];
    for (const r of receiver.received) {
      const event = await runtime.outbox.findById(String(r.headers['x-service-event-id']));
      if (event) delays.push(r.at - Date.parse(event.createdAt));
    }
    delays.sort((a, b) => a - b);
    const unique = new Set(receiver.received.map((r) => r.headers['x-service-event-id'])).size;
    const seconds = (Math.max(...receiver.received.map((r) => r.at)) - started) / 1000;
    return { store, unique, seconds, throughput: unique / seconds, p50: percentile(delays, 50), p99: percentile(delays, 99) };
  } finally {
    await receiver.close();
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (store === 'postgres') await dropSchemas(schema);
  }
}

console.log(`\n### Webhooks: ${EVENTS} notes finished → events delivered to a loopback receiver\n`);
console.log('| store | events delivered | wall time s | events/s (incl. note jobs) | p50 delay ms | p99 delay ms |');
console.log('|---|---|---|---|---|---|');
for (const store of ['sqlite', 'postgres'] as const) {
  const r = await run(store);
  console.log(`| ${r.store} | ${r.unique}/${EVENTS} | ${r.seconds.toFixed(1)} | ${r.throughput.toFixed(0)} | ${r.p50} | ${r.p99} |`);
}
