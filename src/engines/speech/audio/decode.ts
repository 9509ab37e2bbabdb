// Turns an uploaded file into what the recognizer and the diarizer read: 16 kHz mono
// signed 16-bit little-endian samples in a file on disk (never the whole audio in memory).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineError } from '../../ports.ts';
import { FFMPEG_SAFE_INPUT, runProgram } from '../process.ts';
import { isRecognizerReady, readWavInfo } from './wav.ts';

export const SAMPLE_RATE = 16000;
/** Temporary decode folders are named with this and the owning process id, so a start-up
 * sweep can tell a crashed process's leftovers from a live one's. */
export const PCM_DIR_PREFIX = 'clinscribe-pcm-';
export const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** A byte range of a file holding 16 kHz mono s16le samples. */
export interface PcmSource {
  path: string;
  offset: number;
  bytes: number;
  durationSec: number;
  /** Removes any temporary file made for this source. */
  dispose(): Promise<void>;
}

export interface DecodeOptions {
  /** Take this input channel only; otherwise all channels are mixed down. */
  channel?: number;
  /** Duration reported by the probe, to notice decodes that stop early. */
  expectedSec?: number;
  timeoutMs?: number;
  /** Bytes of samples the decode may write; past it the decode stops and fails (never unbounded). */
  maxBytes?: number;
}

export async function decodeToPcm(path: string, options: DecodeOptions = {}): Promise<PcmSource> {
  const wav = await readWavInfo(path).catch(() => undefined);
  if (wav && !('error' in wav) && isRecognizerReady(wav) && !wav.truncated) {
    if (options.maxBytes !== undefined && wav.dataBytes > options.maxBytes) {
      throw new EngineError(`The audio holds more than ${options.maxBytes} bytes of samples (CLINSCRIBE_MAX_DECODED_AUDIO_BYTES).`);
    }
    return { path, offset: wav.dataOffset, bytes: wav.dataBytes, durationSec: wav.durationSec, dispose: async () => {} };
  }
  const dir = await mkdtemp(join(tmpdir(), `${PCM_DIR_PREFIX}${process.pid}-`));
  const out = join(dir, 'audio.raw');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const mix = options.channel === undefined ? [] : ['-af', `pan=mono|c0=c${options.channel}`];
    // ffmpeg stops writing one byte past the cap: reaching it means the audio is over the limit.
    const cap = options.maxBytes === undefined ? [] : ['-fs', String(options.maxBytes + 1)];
    const run = await runProgram(
      'ffmpeg',
      ['-nostdin', '-v', 'error', ...FFMPEG_SAFE_INPUT, '-i', path, '-map', '0:a:0', ...mix, '-ac', '1', '-ar', String(SAMPLE_RATE), '-acodec', 'pcm_s16le', '-f', 's16le', ...cap, '-y', out],
      { timeoutMs: options.timeoutMs ?? 30 * 60_000 },
    );
    if (run.missing) throw new EngineError('This audio format needs ffmpeg, which is not installed (WAV at 16 kHz mono 16-bit works without it).');
    if (run.timedOut) throw new EngineError('Decoding the audio took too long.');
    const bytes = await stat(out).then((s) => s.size, () => 0);
    if (options.maxBytes !== undefined && bytes > options.maxBytes) {
      throw new EngineError(`The audio decodes to more than ${options.maxBytes} bytes of samples (CLINSCRIBE_MAX_DECODED_AUDIO_BYTES).`);
    }
    if (run.code !== 0) throw new EngineError('The audio could not be decoded: the file is corrupt or truncated.');
    const durationSec = bytes / BYTES_PER_SECOND;
    const expected = options.expectedSec ?? 0;
    // Decoder errors plus a decode that stops well short of the container's duration: damaged file.
    if (run.stderr.trim() && expected > 1 && durationSec < expected * 0.5) {
      throw new EngineError('The audio could not be decoded completely: the file is corrupt or truncated.');
    }
    if (bytes === 0 && expected > 0.5) throw new EngineError('The audio could not be decoded: no samples were found.');
    return { path: out, offset: 0, bytes: bytes - (bytes % 2), durationSec, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
