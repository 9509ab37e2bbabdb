// Leftovers of a crash are swept at start: engine process groups of a dead process are
// killed (found through its pid file), its temporary PCM folders and half-received uploads
// removed; a live process's are left alone. The data directory is 0700, its files 0600.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runDir } from '../../src/engines/child-groups.ts';
import { sweepLeftovers } from '../../src/engines/leftovers.ts';
import { PCM_DIR_PREFIX } from '../../src/engines/speech/audio/decode.ts';
import { multipart, wav } from '../helpers/audio.ts';
import { eventually, startHarness } from '../helpers/harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'clinscribe-leftovers-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the crashing worker, waits until its ffmpeg group is recorded, then SIGKILLs it. */
async function crashedWorker(): Promise<{ workerPid: number; ffmpegPgid: number }> {
  const worker = spawn(process.execPath, ['--import', 'tsx', new URL('./fixtures/crashing-worker.ts', import.meta.url).pathname, dataDir], { stdio: 'ignore' });
  const file = join(runDir(dataDir), `children-${(await import('node:os')).hostname()}-${worker.pid}.json`);
  const ffmpegPgid = await eventually(async () => {
    if (!existsSync(file)) return undefined;
    const children = JSON.parse(readFileSync(file, 'utf8')).children as { pgid: number; command: string }[];
    return children.find((c) => c.command === 'ffmpeg')?.pgid;
  }, 30_000);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
  return { workerPid: worker.pid!, ffmpegPgid };
}

test('a dead worker\'s engine process group, PCM folder and stray upload are swept; live ones are kept', async () => {
  const { workerPid, ffmpegPgid } = await crashedWorker();
  assert.ok(alive(ffmpegPgid), 'the crashed worker\'s ffmpeg outlives it (what the sweep is for)');

  const deadPcm = join(tmpdir(), `${PCM_DIR_PREFIX}${workerPid}-test`);
  const livePcm = join(tmpdir(), `${PCM_DIR_PREFIX}${process.pid}-test`);
  mkdirSync(deadPcm, { recursive: true });
  mkdirSync(livePcm, { recursive: true });
  writeFileSync(join(deadPcm, 'audio.raw'), Buffer.alloc(64));
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const hourAgo = new Date(Date.now() - 2 * 3600_000);
  for (const name of ['stray.audio', 'kept.audio']) {
    writeFileSync(join(uploads, name), wav(16));
    utimesSync(join(uploads, name), hourAgo, hourAgo);
  }
  writeFileSync(join(uploads, 'arriving.audio'), wav(16));

  try {
    const report = await sweepLeftovers({ dataDir, uploadIsKnown: async (name) => name === 'kept.audio' });
    assert.equal(report.killedGroups, 1);
    await eventually(async () => (alive(ffmpegPgid) ? undefined : true), 10_000);
    assert.ok(!existsSync(deadPcm));
    assert.ok(existsSync(livePcm));
    assert.deepEqual(readdirSync(uploads).sort(), ['arriving.audio', 'kept.audio']);
    assert.deepEqual(readdirSync(runDir(dataDir)), [], 'the dead worker\'s pid file is removed');
  } finally {
    if (alive(ffmpegPgid)) process.kill(-ffmpegPgid, 'SIGKILL');
    rmSync(livePcm, { recursive: true, force: true });
    rmSync(deadPcm, { recursive: true, force: true });
  }
});

test('the data directory is 0700 and the database and uploaded audio 0600', async () => {
  const h = await startHarness('sqlite');
  try {
    const dir = h.runtime.config.dataDir;
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dir, 'clinscribe.sqlite')).mode & 0o777, 0o600);
    const { body, contentType } = multipart([{ name: 'audio', value: wav(16000), filename: 'a.wav' }]);
    const res = await h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers: { ...h.stable, 'content-type': contentType }, payload: body });
    assert.equal(res.statusCode, 201);
    for (const name of readdirSync(join(dir, 'uploads'))) assert.equal(statSync(join(dir, 'uploads', name)).mode & 0o777, 0o600);
    assert.equal(statSync(join(dir, 'uploads')).mode & 0o777, 0o700);
  } finally {
    await h.close();
  }
});
