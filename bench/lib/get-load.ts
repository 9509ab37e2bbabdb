// Closed-loop GET load from a worker thread, so the client does not share the server's event
// loop: `connections` keep-alive loops, each GETs a path chosen by `pick(i)` (index into the
// given list) until the time is up. Returns sorted latencies (ms) and the non-200 count.
import { Worker } from 'node:worker_threads';

export interface GetTarget {
  path: string;
  headers: Record<string, string>;
}

export interface GetLoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
}

const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, targets, connections, seconds } = workerData;
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const end = Date.now() + seconds * 1000;
function once() {
  const t = targets[Math.floor(Math.random() * targets.length)];
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, path: t.path, headers: t.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) errors++;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
    req.end();
  });
}
async function loop() { while (Date.now() < end) await once(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors });
});
`;

export function getLoad(base: string, targets: GetTarget[], connections: number, seconds: number): Promise<GetLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { base, targets, connections, seconds }, execArgv: [] });
    worker.once('message', (m: { latencies: number[]; errors: number }) => {
      resolve({ latencies: m.latencies.sort((a, b) => a - b), errors: m.errors, seconds });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
