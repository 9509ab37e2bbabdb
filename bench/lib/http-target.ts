// A server process for the HTTP benchmark: either a bare Fastify route or the clinscribe
// app on SQLite or PostgreSQL holding one completed note. Prints one JSON line with the
// URL to hit and the headers to send; then, for each line "cpu" on stdin, one JSON line
// with the process's CPU time so far (microseconds), so the bench can count CPU per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Fastify from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/runtime.ts';

const mode = process.argv[2];
const payload = { markdown: `# Note\n\n${'The patient reports knee pain. '.repeat(40)}`, json: { subjective: { chiefComplaint: 'Knee pain' } } };

function answerCpuQueries(): void {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`);
  });
}

if (mode === 'bare') {
  const app = Fastify();
  app.get('/v1/notes/:id', async (request) => ({
    data: { noteId: (request.params as { id: string }).id, status: 'completed', payload, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() },
  }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url: `${address}/v1/notes/note_bench`, headers: {} })}\n`);
  answerCpuQueries();
  process.on('SIGTERM', () => process.exit(0));
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-bench-'));
  const env: Record<string, string> = { CLINSCRIBE_DATA_DIR: dataDir, CLINSCRIBE_LOG_LEVEL: 'silent' };
  if (mode === 'postgres') {
    env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    env.CLINSCRIBE_DB_SCHEMA = `bench_${process.pid}`;
  }
  const runtime = await createRuntime(loadConfig(env), {
    engines: { notes: { generateNote: async () => payload } },
  });
  const app = await buildApp(runtime, { logger: false });
  await runtime.startWorkers();
  const { account, apiKey } = await runtime.accounts.createAccount({ name: 'bench', rateLimitPerMinute: 100_000_000 });
  const note = await runtime.resources.create('note', account.id, { transcript: 'bench', noteType: { type: 'soap' } });
  for (let i = 0; i < 200; i++) {
    const current = await runtime.resources.get('note', account.id, note.id);
    if (current?.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url: `${address}/v1/notes/${note.id}`, headers: { 'x-api-key': apiKey, 'x-account-id': account.id } })}\n`);
  answerCpuQueries();
  const shutdown = async () => {
    await app.close();
    await runtime.close();
    if (mode === 'postgres') {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${env.CLINSCRIBE_DB_SCHEMA}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${env.CLINSCRIBE_DB_SCHEMA}_jobs" CASCADE`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
}
