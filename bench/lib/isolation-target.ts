// A server process for the isolation benchmark: clinscribe on SQLite with workers, its
// note engine either in the engine thread pool (the default) or inline on the API thread
// (`inline`, what main did before). Prints one JSON line: URL, headers, a completed note's id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createEmbeddedNoteEngine } from '../../src/engines/clinical/soap/index.ts';
import { withTemplateNotes } from '../../src/engines/clinical/templates/index.ts';
import { createRuntime } from '../../src/runtime.ts';

const mode = process.argv[2] ?? 'pooled';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-bench-'));
const env: Record<string, string> = {
  CLINSCRIBE_DATA_DIR: dataDir,
  CLINSCRIBE_LOG_LEVEL: 'silent',
  // Four heavy jobs at once, and no load shedding: the latency itself is what is measured.
  CLINSCRIBE_WORKER_CONCURRENCY: '4',
  CLINSCRIBE_MAX_EVENT_LOOP_DELAY_MS: '0',
};
const runtime = await createRuntime(loadConfig(env), mode === 'inline' ? { engines: { notes: withTemplateNotes(createEmbeddedNoteEngine()) } } : {});
const app = await buildApp(runtime, { logger: false });
await runtime.startWorkers();
const { account, apiKey } = await runtime.accounts.createAccount({ name: 'bench', rateLimitPerMinute: 100_000_000 });
const note = await runtime.resources.create('note', account.id, { transcript: 'Doctor: How is the knee?\nPatient: Better.', noteType: { type: 'soap' } });
for (let i = 0; i < 600; i++) {
  const current = await runtime.resources.get('note', account.id, note.id);
  if (current?.status === 'completed' || current?.status === 'failed') break;
  await new Promise((r) => setTimeout(r, 50));
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: address, noteId: note.id, threads: runtime.config.enginePool.threads, headers: { 'x-api-key': apiKey, 'x-account-id': account.id } })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
