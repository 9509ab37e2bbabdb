// Engine child processes (ffmpeg, ffprobe, pocketsphinx) by process group: each one this
// process starts is written to a pid file in every registered data directory, so that a start
// after a crash can find and kill the groups the dead process left running (see leftovers.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';

export interface ChildGroupsFile {
  host: string;
  pid: number;
  children: { pgid: number; command: string }[];
}

const live = new Map<number, string>();
const files = new Map<string, number>();

/** The folder of pid files in a data directory. */
export function runDir(dataDir: string): string {
  return join(dataDir, 'run');
}

/** This process's pid file in `dataDir`. */
export function childGroupsFile(dataDir: string, pid = process.pid, host = hostname()): string {
  return join(runDir(dataDir), `children-${host}-${pid}.json`);
}

function persist(file: string): void {
  const body: ChildGroupsFile = { host: hostname(), pid: process.pid, children: [...live].map(([pgid, command]) => ({ pgid, command })) };
  try {
    writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
  } catch {
    // A data directory removed under us (tests, an operator): nothing left to protect.
  }
}

/** Records this process's engine children in `dataDir` until the returned function is called. */
export function recordChildGroupsIn(dataDir: string): () => void {
  const file = childGroupsFile(dataDir);
  mkdirSync(runDir(dataDir), { recursive: true, mode: 0o700 });
  files.set(file, (files.get(file) ?? 0) + 1);
  persist(file);
  return () => {
    const left = (files.get(file) ?? 1) - 1;
    if (left > 0) files.set(file, left);
    else {
      files.delete(file);
      rmSync(file, { force: true });
    }
  };
}

/** A child started with `detached: true` leads its own group, whose id is its pid. */
export function childStarted(pid: number | undefined, command: string): void {
  if (!pid) return;
  live.set(pid, basename(command));
  for (const file of files.keys()) persist(file);
}

export function childEnded(pid: number | undefined): void {
  if (!pid || !live.delete(pid)) return;
  for (const file of files.keys()) persist(file);
}
