// Turns what a streaming client sends into 16 kHz mono s16le. 16 kHz linear16 passes
// through untouched; other rates and encodings go through an ffmpeg pipe.
import { type ChildProcess, spawn } from 'node:child_process';
import { EngineError } from '../../ports.ts';
import { childEnded, childStarted } from '../../child-groups.ts';
import { FFMPEG_SAFE_INPUT, killGroup } from '../process.ts';

/** Raw sample encodings (ffmpeg raw format names). */
const RAW: Record<string, string> = {
  linear16: 's16le',
  pcm_s16le: 's16le',
  pcm_f32le: 'f32le',
  linear32: 'f32le',
  mulaw: 'mulaw',
  alaw: 'alaw',
};
/** Compressed or containerised audio that ffmpeg recognises by itself. */
const CONTAINERS = new Set(['opus', 'ogg', 'ogg-opus', 'webm', 'mp3', 'flac', 'aac', 'wav', 'm4a']);

export const STREAMING_ENCODINGS = [...Object.keys(RAW), ...CONTAINERS];

export interface PcmInput {
  push(chunk: Buffer): void;
  end(): void;
  /** Stops at once (the session failed): no more audio, no converter left running. */
  kill(): void;
}

export function createPcmInput(
  encoding: string,
  sampleRate: number,
  onPcm: (pcm: Buffer) => void,
  onError: (error: Error) => void,
  onEnd: () => void,
): PcmInput {
  const name = (encoding || 'linear16').toLowerCase();
  const raw = RAW[name];
  if (!raw && !CONTAINERS.has(name)) {
    throw new EngineError(`Encoding "${encoding}" is not supported for streaming; use one of: ${STREAMING_ENCODINGS.join(', ')}.`);
  }
  if (raw && (!Number.isInteger(sampleRate) || sampleRate < 8000 || sampleRate > 192000)) {
    throw new EngineError('sample_rate must be an integer between 8000 and 192000.');
  }
  if (raw === 's16le' && sampleRate === 16000) return passThrough(onPcm, onEnd);
  const input = raw ? ['-f', raw, '-ar', String(sampleRate), '-ac', '1'] : [];
  let child: ChildProcess;
  child = spawn(
    'ffmpeg',
    // Containers get the uploads' demuxer allow-list (no playlists or concat lists); raw
    // samples need only the pipe.
    ['-nostdin', '-v', 'error', '-fflags', 'nobuffer', ...(raw ? ['-protocol_whitelist', 'pipe'] : FFMPEG_SAFE_INPUT), ...input, '-i', 'pipe:0', '-ac', '1', '-ar', '16000', '-f', 's16le', '-flush_packets', '1', 'pipe:1'],
    // Its own process group, killed as a group with its session.
    { stdio: ['pipe', 'pipe', 'ignore'], detached: true },
  );
  childStarted(child.pid, 'ffmpeg');
  let failed = false;
  child.on('error', () => {
    failed = true;
    onError(new EngineError('Converting the streamed audio needs ffmpeg, which is not available.'));
  });
  child.stdin!.on('error', () => {});
  const carry = evenBytes(onPcm);
  child.stdout!.on('data', carry.push);
  child.on('close', (code) => {
    childEnded(child.pid);
    if (code && !failed) onError(new EngineError('The streamed audio could not be decoded in the declared encoding.'));
    onEnd();
  });
  return {
    push: (chunk) => {
      if (!failed && child.stdin!.writable) child.stdin!.write(chunk);
    },
    end: () => child.stdin!.end(),
    kill: () => {
      failed = true;
      killGroup(child);
    },
  };
}

function passThrough(onPcm: (pcm: Buffer) => void, onEnd: () => void): PcmInput {
  const carry = evenBytes(onPcm);
  return { push: carry.push, end: () => queueMicrotask(onEnd), kill: () => {} };
}

/** Keeps samples whole when a chunk ends in the middle of one. */
function evenBytes(onPcm: (pcm: Buffer) => void): { push: (chunk: Buffer) => void } {
  let odd: Buffer | null = null;
  return {
    push: (chunk: Buffer) => {
      let data = odd ? Buffer.concat([odd, chunk]) : chunk;
      odd = null;
      if (data.length % 2) {
        odd = data.subarray(data.length - 1);
        data = data.subarray(0, data.length - 1);
      }
      if (data.length) onPcm(data);
    },
  };
}
