// Boots the clinscribe app in-process (no port, no workers, a throwaway data directory) and
// returns its /openapi.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { createRuntime } from '../../../src/runtime.ts';

export async function openApiDocument(): Promise<object> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-openapi-'));
  const runtime = await createRuntime(loadConfig({ CLINSCRIBE_DATA_DIR: dataDir, CLINSCRIBE_LOG_LEVEL: 'silent' }));
  const app = await buildApp(runtime, { logger: false });
  try {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    return res.json();
  } finally {
    await app.close();
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
