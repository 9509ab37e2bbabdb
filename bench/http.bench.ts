// GET /v1/notes/{id}: clinscribe (auth, rate limit, store read, serialisation) on SQLite and
// PostgreSQL next to a bare Fastify route serving the same body, each in its own process,
// loaded by autocannon. The three are measured in interleaved rounds (bare, sqlite, postgres,
// bare, …) so a change in the machine's load touches all of them alike; each round's ratio is
// to the bare run of the same round, and the median round is reported. The last line is
// machine-readable: `BENCH_HTTP {json}`.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 32);
const MODES = ['bare', 'sqlite', 'postgres'] as const;
type Mode = (typeof MODES)[number];

interface Target {
  url: string;
  headers: Record<string, string>;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function target(mode: Mode): Promise<Target> {
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', 'tsx', path.join(import.meta.dirname, 'lib/http-target.ts'), mode],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const failed = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${mode} target exited with ${code}`))));
  const next = async () => (await Promise.race([lines.next(), failed])).value as string;
  const { url, headers } = JSON.parse(await next());
  return {
    url,
    headers,
    async cpuMicros() {
      child.stdin.write('cpu\n');
      return JSON.parse(await next()).cpuMicros;
    },
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMicrosPerRequest: number;
}

async function load(t: Target, seconds: number): Promise<Run> {
  const cpuBefore = await t.cpuMicros();
  const result = await autocannon({ url: t.url, headers: t.headers, connections: CONNECTIONS, duration: seconds });
  const cpu = (await t.cpuMicros()) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const targets = Object.fromEntries(await Promise.all(MODES.map(async (m) => [m, await target(m)] as const))) as Record<Mode, Target>;
try {
  for (const mode of MODES) await load(targets[mode], 2); // warm-up: JIT, statement caches, key cache
  const runs: Record<Mode, Run[]> = { bare: [], sqlite: [], postgres: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of MODES) runs[mode].push(await load(targets[mode], SECONDS));
  }
  const ratio = (mode: Mode) => median(runs[mode].map((r, i) => r.rps / runs.bare[i].rps));
  const cpuRatio = (mode: Mode) => median(runs.bare.map((r) => r.cpuMicrosPerRequest)) / median(runs[mode].map((r) => r.cpuMicrosPerRequest));
  const errors = MODES.reduce((n, m) => n + runs[m].reduce((k, r) => k + r.errors, 0), 0);

  console.log(`\n### HTTP: GET /v1/notes/{id} (${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s, same machine)\n`);
  console.log('| target | requests/s (median) | p50 ms | p99 ms | server CPU µs/request | ratio to bare (throughput) | ratio to bare (CPU/request) | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const mode of MODES) {
    const r = runs[mode];
    const name = mode === 'bare' ? 'bare Fastify route' : `clinscribe GET /v1/notes/{id} (${mode})`;
    console.log(
      `| ${name} | ${median(r.map((x) => x.rps)).toFixed(0)} | ${median(r.map((x) => x.p50))} | ${median(r.map((x) => x.p99))} | ` +
        `${median(r.map((x) => x.cpuMicrosPerRequest)).toFixed(1)} | ${ratio(mode).toFixed(2)} | ${cpuRatio(mode).toFixed(2)} | ${r.reduce((k, x) => k + x.errors, 0)} |`,
    );
  }
  const line = {
    sqlite: Number(ratio('sqlite').toFixed(3)),
    postgres: Number(ratio('postgres').toFixed(3)),
    sqliteCpu: Number(cpuRatio('sqlite').toFixed(3)),
    postgresCpu: Number(cpuRatio('postgres').toFixed(3)),
    bareRps: Math.round(median(runs.bare.map((r) => r.rps))),
    errors,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
  };
  console.log(`\nBENCH_HTTP ${JSON.stringify(line)}`);
  if (errors > 0) process.exitCode = 1;
} finally {
  await Promise.all(MODES.map((m) => targets[m].stop()));
}
