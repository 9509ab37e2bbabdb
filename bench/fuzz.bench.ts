// The long fuzz run (`npm run bench -- fuzz`): the same properties as test/fuzz/api.test.ts
// with many more runs (CLINSCRIBE_FUZZ_RUNS, default 500 per property). Prints a table of
// runs and outcome per property; exits non-zero on the first property that fails.
import { type Target, call, check, fuzzOptions, headers, jsonBodies, operations, socketFrames, startTarget, uploads } from '../test/fuzz/properties.ts';

const options = fuzzOptions(process.env, 500);
const target: Target = await startTarget();
const ops = await operations(target);
const rows: string[] = [];
let failed = false;
const properties = {
  'JSON bodies and path parameters': jsonBodies(target, ops, options.hangMs),
  headers: headers(target, ops, options.hangMs),
  'multipart uploads and audio bytes': uploads(target, options.hangMs),
  'WebSocket frames': socketFrames(target, options.hangMs),
};
for (const [name, property] of Object.entries(properties)) {
  const started = performance.now();
  let outcome = 'pass';
  try {
    await check(property, options);
  } catch (error) {
    failed = true;
    // The first line names the request and the failure; the counterexample (synthetic input) follows in the log.
    outcome = `FAIL: ${String((error as Error).message).split('\n').find((l) => /answer|exited|refused/.test(l)) ?? 'see log'}`;
    console.error((error as Error).message);
  }
  rows.push(`| ${name} | ${options.runs} | ${((performance.now() - started) / 1000).toFixed(1)} | ${outcome} |`);
}
const probe = await call(target, { method: 'GET', path: '/healthz' }, 1000).catch(() => ({ status: 0, ms: NaN }));
await target.close();
console.log(`\nFuzz (${ops.length} JSON operations, hang deadline ${options.hangMs} ms)\n`);
console.log('| property | runs | seconds | outcome |\n|---|---:|---:|---|');
for (const row of rows) console.log(row);
const statuses = [...target.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
console.log(`\nAnswers by status: ${statuses}`);
console.log(`\n/healthz after the run: ${probe.status} in ${probe.ms.toFixed(1)} ms`);
process.exit(failed || probe.status !== 200 ? 1 : 0);
