// Start-up sweep of what a crashed process left behind: engine child process groups still
// running (from the pid files of child-groups.ts), temporary PCM folders of dead processes,
// and uploads no resource points to. Only leftovers of processes that are gone are touched,
// so several processes may share the machine and the data directory.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type ChildGroupsFile, childGroupsFile, runDir } from './child-groups.ts';
import { PCM_DIR_PREFIX } from './speech/audio/decode.ts';

export interface SweepReport {
  killedGroups: number;
  removedPcmDirs: number;
  removedUploads: number;
}

export interface SweepOptions {
  dataDir: string;
  /** Whether an upload file still belongs to a resource. */
  uploadIsKnown(fileName: string): Promise<boolean>;
  /** Uploads younger than this may still be arriving (another process's request). */
  uploadGraceMs?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The program a process runs (Linux /proc), to make sure a reused pid is not someone else's. */
async function programOf(pid: number): Promise<string | undefined> {
  try {
    const argv0 = (await readFile(`/proc/${pid}/cmdline`, 'latin1')).split('\0')[0] ?? '';
    return basename(argv0);
  } catch {
    return undefined;
  }
}

async function killOrphanGroups(dataDir: string): Promise<number> {
  let killed = 0;
  const host = hostname();
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir));
  } catch {
    return 0;
  }
  for (const name of names) {
    const match = /^children-(.+)-(\d+)\.json$/.exec(name);
    if (!match || match[1] !== host) continue;
    const owner = Number(match[2]);
    if (owner === process.pid || alive(owner)) continue;
    const file = childGroupsFile(dataDir, owner, host);
    let record: ChildGroupsFile | undefined;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as ChildGroupsFile;
    } catch {
      record = undefined;
    }
    for (const child of record?.children ?? []) {
      if ((await programOf(child.pgid)) !== child.command) continue;
      try {
        process.kill(-child.pgid, 'SIGKILL');
        killed++;
      } catch {
        // Gone between the check and the kill.
      }
    }
    rmSync(file, { force: true });
  }
  return killed;
}

function removeDeadPcmDirs(): number {
  let removed = 0;
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PCM_DIR_PREFIX)) continue;
    const owner = Number(name.slice(PCM_DIR_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || alive(owner)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

async function removeOrphanUploads(options: SweepOptions): Promise<number> {
  const dir = join(options.dataDir, 'uploads');
  const grace = options.uploadGraceMs ?? 60 * 60_000;
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (Date.now() - statSync(path).mtimeMs < grace || (await options.uploadIsKnown(name))) continue;
    rmSync(path, { force: true });
    removed++;
  }
  return removed;
}

export async function sweepLeftovers(options: SweepOptions): Promise<SweepReport> {
  return {
    killedGroups: await killOrphanGroups(options.dataDir),
    removedPcmDirs: removeDeadPcmDirs(),
    removedUploads: await removeOrphanUploads(options),
  };
}
