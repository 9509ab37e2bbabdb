// Engines off the API thread: /healthz latency and GET throughput while four heavy note jobs
// (long ACI-bench visits) run, with the note engine in the engine thread pool and, for
// comparison, inline on the API thread as before. Target: /healthz p99 < 50 ms under load.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseCsv } from '../scripts/lib/csv.ts';

const SECONDS = Number(process.env.BENCH_ISOLATION_SECONDS ?? 5);
const HEAVY_JOBS = 4;
const DATA = new URL('../../shared/data/aci-bench/challenge_data/train.csv', import.meta.url);

/** Eight ACI-bench visits back to back: a long, realistic transcript. */
function heavyTranscript(): string {
  const rows = parseCsv(readFileSync(DATA, 'utf8')).slice(1).filter((r) => r.length >= 4);
  return rows.slice(0, 8).map((r) => r[2]).join('\n');
}

interface Target { url: string; noteId: string; threads: number; headers: Record<string, string>; stop(): Promise<void> }

async function start(mode: string): Promise<Target> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', path.join(import.meta.dirname, 'lib/isolation-target.ts'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  const stop = () => new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { ...JSON.parse(line), stop };
}

/** Keeps `HEAVY_JOBS` note jobs in flight until stopped; counts the ones finished. */
function heavyLoad(t: Target, transcript: string) {
  let running = true;
  let finished = 0;
  const headers = { ...t.headers, 'content-type': 'application/json' };
  const lane = async () => {
    while (running) {
      const res = await fetch(`${t.url}/v1/notes`, { method: 'POST', headers, body: JSON.stringify({ transcript, noteType: { type: 'soap' } }) });
      const id = ((await res.json()) as { data: { noteId: string } }).data.noteId;
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const got = (await (await fetch(`${t.url}/v1/notes/${id}`, { headers: t.headers })).json()) as { data: { status: string } };
        if (got.data.status !== 'pending' && got.data.status !== 'processing') break;
      }
      finished++;
    }
  };
  const lanes = Array.from({ length: HEAVY_JOBS }, lane);
  return { stop: async () => { running = false; await Promise.all(lanes); return finished; }, done: () => finished };
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 4, duration: SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, errors: result.errors + result.timeouts };
}

const transcript = heavyTranscript();
const rows: string[] = [];
for (const mode of ['inline', 'pooled']) {
  const t = await start(mode);
  const idle = await measure(`${t.url}/healthz`, {});
  const load = heavyLoad(t, transcript);
  await new Promise((r) => setTimeout(r, 1500)); // the four jobs are claimed and running
  const health = await measure(`${t.url}/healthz`, {});
  const gets = await measure(`${t.url}/v1/notes/${t.noteId}`, t.headers);
  const finished = await load.stop();
  await t.stop();
  const engines = mode === 'inline' ? 'inline (API thread, as before)' : `pool (${t.threads} engine threads)`;
  rows.push(`| ${engines} | ${idle.p50} / ${idle.p99} | ${health.p50} / ${health.p99} / ${health.max} | ${health.rps.toFixed(0)} | ${gets.rps.toFixed(0)} | ${finished} | ${health.errors + gets.errors} |`);
}
console.log(`\n### Isolation: /healthz and GET while ${HEAVY_JOBS} heavy note jobs run (${(transcript.length / 1000).toFixed(0)}k-char visits; ${SECONDS} s per measure, 4 connections)\n`);
console.log('| note engine | idle /healthz p50 / p99 ms | loaded /healthz p50 / p99 / max ms | loaded /healthz req/s | loaded GET /v1/notes/{id} req/s | heavy notes finished | errors |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
