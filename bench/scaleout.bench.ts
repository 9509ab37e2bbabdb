// Scale-out on one PostgreSQL database with engine-bound jobs (the embedded SOAP engine on
// ACI-bench visits): 1 and 2 `clinscribe serve` processes, notes completed per second in
// total and per process, and server CPU per note (what coordinating through pg-boss and the
// shared store costs); then a kill -9 of one of two processes under load with a webhook
// endpoint registered: notes lost, events per note, duplicate deliveries, recovery time.
// BENCH_SCALEOUT_NOTES (default 120).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';
import { TEST_DATABASE_URL, dropSchemas } from '../test/helpers/harness.ts';
import { startReceiver } from '../test/helpers/receiver.ts';
import { visitDialogues } from './lib/visits.ts';

const NOTES = Number(process.env.BENCH_SCALEOUT_NOTES ?? 120);
const ROOT = path.resolve(import.meta.dirname, '..');
const TICKS_PER_SECOND = 100;

interface Node {
  child: ChildProcess;
  url: string;
}

function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/clinscribe.js'), 'serve'], { env: { ...process.env, ...env }, cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}

/** CPU milliseconds a process has used (Linux /proc; utime + stime). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function stop(node: Node, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    node.child.removeAllListeners('exit');
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill(signal);
  });
}

async function completedCount(client: pg.Client, schema: string): Promise<{ completed: number; failed: number }> {
  const { rows } = await client.query(`select status, count(*)::int as n from "${schema}".resources group by status`);
  const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { completed: of('completed'), failed: of('failed') };
}

/** NOTES notes from 8 concurrent clients, spread over the processes; how many POSTs were shed (503) and retried. */
async function submitNotes(nodes: Node[], headers: Record<string, string>): Promise<number> {
  const dialogues = visitDialogues();
  let next = 0;
  let shed = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < NOTES) {
        const i = next++;
        const node = nodes[i % nodes.length]!;
        const body = JSON.stringify({ transcript: dialogues[i % dialogues.length], noteType: { type: 'soap' } });
        // A busy process sheds load with 503 + Retry-After; a client retries (here after 200 ms).
        for (;;) {
          const res = await fetch(`${node.url}/v1/notes`, { method: 'POST', headers, body });
          await res.arrayBuffer();
          if (res.status === 202) break;
          if (res.status !== 503) throw new Error(`POST answered ${res.status}`);
          shed++;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
  return shed;
}

/** What the webhook receiver got once every finished note was announced (or two minutes passed): events once each? */
async function webhookTally(receiver: Awaited<ReturnType<typeof startReceiver>>, finished: number) {
  const until = Date.now() + 120_000;
  const notified = () => new Set(receiver.received.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id)).size;
  while (notified() < finished && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  const eventIds = receiver.received.map((r) => String(r.headers['x-service-event-id']));
  const perNote = new Map<string, Set<string>>();
  for (const r of receiver.received) {
    const noteId = (JSON.parse(r.body) as { data: { id: string } }).data.id;
    perNote.set(noteId, (perNote.get(noteId) ?? new Set()).add(String(r.headers['x-service-event-id'])));
  }
  return {
    deliveries: eventIds.length,
    distinctEvents: new Set(eventIds).size,
    duplicateDeliveries: eventIds.length - new Set(eventIds).size,
    notesWithOneEvent: [...perNote.values()].filter((s) => s.size === 1).length,
    notesWithSeveralEvents: [...perNote.values()].filter((s) => s.size > 1).length,
  };
}

interface Scenario {
  processes: number;
  /** Kill -9 the last process once this fraction of the notes is done. */
  killAt?: number;
}

async function scenario({ processes, killAt }: Scenario) {
  const schema = `bench_scale_${process.pid}_${processes}${killAt ? 'k' : ''}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-scale-'));
  const env = { CLINSCRIBE_DATA_DIR: dataDir, CLINSCRIBE_LOG_LEVEL: 'silent', CLINSCRIBE_PORT: '0', DATABASE_URL: TEST_DATABASE_URL, CLINSCRIBE_DB_SCHEMA: schema, CLINSCRIBE_WEBHOOK_ALLOW_PRIVATE: '1' };
  process.stderr.write(`scale-out: ${processes} process(es)${killAt ? ', kill -9 under load' : ''}\n`);
  const setup = await createRuntime(loadConfig(env));
  const { account, apiKey } = await setup.accounts.createAccount({ name: 'bench', rateLimitPerMinute: 1_000_000 });
  await setup.close();
  const headers = { 'x-api-key': apiKey, 'x-account-id': account.id, 'content-type': 'application/json' };
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  const receiver = killAt ? await startReceiver() : undefined;
  const nodes: Node[] = [];
  try {
    for (let i = 0; i < processes; i++) nodes.push(await startNode(env));
    if (receiver) {
      const res = await fetch(`${nodes[0]!.url}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url }) });
      if (res.status !== 201) throw new Error(`webhook registration answered ${res.status}`);
    }
    const cpuBefore = nodes.map((n) => cpuMs(n.child.pid!));
    const t0 = performance.now();
    const shed = await submitNotes(nodes, headers);
    let killedAtMs: number | undefined;
    let counts = await completedCount(client, schema);
    const deadline = Date.now() + 300_000;
    while (counts.completed + counts.failed < NOTES && Date.now() < deadline) {
      if (killAt && killedAtMs === undefined && counts.completed >= NOTES * killAt) {
        await stop(nodes.at(-1)!, 'SIGKILL');
        killedAtMs = performance.now() - t0;
      }
      await new Promise((r) => setTimeout(r, 100));
      counts = await completedCount(client, schema);
    }
    const doneMs = performance.now() - t0;
    const live = nodes.filter((n) => n.child.exitCode === null && n.child.signalCode === null);
    const cpu = killAt ? Number.NaN : nodes.reduce((sum, n, i) => sum + cpuMs(n.child.pid!) - cpuBefore[i]!, 0);
    const webhook = receiver ? await webhookTally(receiver, counts.completed + counts.failed) : undefined;
    await Promise.all(live.map((n) => stop(n)));
    return { processes, ...counts, doneMs, cpu, killedAtMs, webhook, shed };
  } finally {
    await Promise.all(nodes.map((n) => stop(n, 'SIGKILL')));
    await receiver?.close();
    await client.end();
    await dropSchemas(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const one = await scenario({ processes: 1 });
const two = await scenario({ processes: 2 });
const killed = await scenario({ processes: 2, killAt: 0.4 });
const rate = (r: { completed: number; doneMs: number }) => r.completed / (r.doneMs / 1000);

console.log(`\n### Scale-out on one PostgreSQL database: ${NOTES} SOAP notes (ACI-bench visits), ${os.cpus().length} CPUs shared by the processes and PostgreSQL\n`);
console.log('| processes | notes/s (total) | notes/s per process | server CPU ms per note | scaling vs 1 process | POSTs shed (503, retried) |');
console.log('|---|---|---|---|---|---|');
for (const r of [one, two]) {
  console.log(
    `| ${r.processes} | ${rate(r).toFixed(1)} | ${(rate(r) / r.processes).toFixed(1)} | ${(r.cpu / r.completed).toFixed(1)} | ${(rate(r) / rate(one)).toFixed(2)}× (CPU per note ${(((r.cpu / r.completed) / (one.cpu / one.completed) - 1) * 100).toFixed(0)}%) | ${r.shed} |`,
  );
}
const w = killed.webhook!;
console.log(`\n### kill -9 of one of 2 processes at ${(killed.killedAtMs! / 1000).toFixed(1)} s (${Math.round(0.4 * 100)}% of notes done), survivor not restarted\n`);
console.log('| notes accepted | completed | failed | lost | all done after | webhook deliveries | distinct events | duplicate deliveries | notes with one event | notes with several events |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
console.log(
  `| ${NOTES} | ${killed.completed} | ${killed.failed} | ${NOTES - killed.completed - killed.failed} | ${(killed.doneMs / 1000).toFixed(1)} s | ${w.deliveries} | ${w.distinctEvents} | ${w.duplicateDeliveries} | ${w.notesWithOneEvent} | ${w.notesWithSeveralEvents} |`,
);
