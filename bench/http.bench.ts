// GET /v1/notes/{id}: clinscribe (auth, rate limit, store read, serialisation) next to a
// bare Fastify route serving the same body, each in its own process, loaded by autocannon.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const CONNECTIONS = 32;

async function target(mode: string): Promise<{ url: string; headers: Record<string, string>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', 'tsx', path.join(import.meta.dirname, 'lib/http-target.ts'), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.on('exit', (code) => reject(new Error(`${mode} target exited with ${code}`)));
  });
  const { url, headers } = JSON.parse(line);
  return {
    url,
    headers,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors from ${url}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const rows: string[] = [];
const bare = await target('bare');
const baseline = await load(bare.url, bare.headers);
await bare.stop();
rows.push(`| bare Fastify route | ${baseline.rps.toFixed(0)} | ${baseline.p50} | ${baseline.p99} | 1.00 |`);
for (const store of ['sqlite', 'postgres']) {
  const app = await target(store);
  const measured = await load(app.url, app.headers);
  await app.stop();
  rows.push(`| clinscribe GET /v1/notes/{id} (${store}) | ${measured.rps.toFixed(0)} | ${measured.p50} | ${measured.p99} | ${(measured.rps / baseline.rps).toFixed(2)} |`);
}
console.log(`\n### HTTP: GET /v1/notes/{id} (${CONNECTIONS} connections, ${DURATION} s, same machine)\n`);
console.log('| target | requests/s | p50 ms | p99 ms | ratio to bare |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
