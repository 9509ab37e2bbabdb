// Runs a helper program (ffmpeg, ffprobe, pocketsphinx) with a time limit and bounded
// output capture, so a hostile or broken file can neither hang a worker nor flood memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { cancellationSignal } from '../cancellation.ts';
import { childEnded, childStarted } from '../child-groups.ts';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The program could not be started (not installed). */
  missing: boolean;
  timedOut: boolean;
}

const MAX_CAPTURE = 4 << 20;

export function runProgram(
  command: string,
  args: string[],
  options: { timeoutMs: number; stdin?: NodeJS.ReadableStream; onStdoutLine?: (line: string) => void },
): Promise<RunResult> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    const result: RunResult = { code: null, stdout: '', stderr: '', missing: false, timedOut: false };
    try {
      // Its own process group, so a timeout also stops what a shell wrapper started.
      child = spawn(command, args, { stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
      childStarted(child.pid, command);
    } catch {
      resolve({ ...result, missing: true });
      return;
    }
    const timer = setTimeout(() => {
      result.timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    // The job this program works for was given up: stop it and what it started.
    const cancelled = cancellationSignal();
    const cancel = (): void => killGroup(child);
    if (cancelled?.aborted) cancel();
    else cancelled?.addEventListener('abort', cancel, { once: true });
    let pending = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => {
      if (options.onStdoutLine) {
        pending += text;
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          options.onStdoutLine(pending.slice(0, newline));
          pending = pending.slice(newline + 1);
        }
      } else if (result.stdout.length < MAX_CAPTURE) result.stdout += text;
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      if (result.stderr.length < MAX_CAPTURE) result.stderr += text;
    });
    if (options.stdin && child.stdin) {
      // The program may exit before reading everything (a decoder error): not our failure.
      child.stdin.on('error', () => {});
      options.stdin.on('error', () => killGroup(child));
      options.stdin.pipe(child.stdin);
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') result.missing = true;
    });
    child.on('close', (code) => {
      childEnded(child.pid);
      clearTimeout(timer);
      cancelled?.removeEventListener('abort', cancel);
      if (pending && options.onStdoutLine) options.onStdoutLine(pending);
      resolve({ ...result, code });
    });
  });
}

/** Stops a child started with `detached: true` and everything in its process group. */
export function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Demuxers ffmpeg may open: playlists and concat lists (which can reach other files or
 * the network) are refused. Names follow ffmpeg's demuxer list. */
export const FFMPEG_SAFE_INPUT = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  'wav,w64,rf64,mp3,mov,mp4,m4a,3gp,aac,ogg,matroska,webm,flac,aiff,caf,amr,wv,ape',
];
