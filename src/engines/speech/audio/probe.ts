// Is this file audio we can decode? Answers at upload time (400 instead of a failed job)
// and before every transcription. WAV is read natively; anything else asks ffprobe.
import { open, stat } from 'node:fs/promises';
import { FFMPEG_SAFE_INPUT, runProgram } from '../process.ts';
import { looksLikeWav, parseWavHeader } from './wav.ts';

export type ProbeResult =
  | { ok: true; durationSec: number; channels: number; sampleRate: number; format: string }
  | { ok: false; reason: string };

const NATIVE_WAV_FORMATS = new Set([1, 3]);

export async function probeAudio(path: string): Promise<ProbeResult> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return { ok: false, reason: 'the audio file cannot be read' };
  }
  if (size === 0) return { ok: false, reason: 'the audio file is empty' };
  const head = Buffer.alloc(Math.min(size, 1 << 16));
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (looksLikeWav(head)) {
    const info = parseWavHeader(head, size);
    if ('error' in info) return { ok: false, reason: info.error };
    if (info.truncated) return { ok: false, reason: 'the WAV file is truncated (fewer samples than its header declares)' };
    if (NATIVE_WAV_FORMATS.has(info.formatTag)) {
      return { ok: true, durationSec: info.durationSec, channels: info.channels, sampleRate: info.sampleRate, format: 'wav' };
    }
  }
  return probeWithFfprobe(path);
}

async function probeWithFfprobe(path: string): Promise<ProbeResult> {
  const run = await runProgram(
    'ffprobe',
    ['-v', 'error', ...FFMPEG_SAFE_INPUT, '-print_format', 'json', '-show_format', '-show_streams', path],
    { timeoutMs: 30_000 },
  );
  if (run.missing) return { ok: false, reason: 'only WAV can be read: ffmpeg is not installed' };
  if (run.timedOut || run.code !== 0) return { ok: false, reason: 'the file is not audio in a supported format' };
  let parsed: { streams?: Record<string, unknown>[]; format?: Record<string, unknown> };
  try {
    parsed = JSON.parse(run.stdout);
  } catch {
    return { ok: false, reason: 'the file is not audio in a supported format' };
  }
  const audio = parsed.streams?.find((s) => s.codec_type === 'audio');
  if (!audio) return { ok: false, reason: 'the file has no audio stream' };
  const durationSec = Number(audio.duration ?? parsed.format?.duration ?? NaN);
  const channels = Number(audio.channels ?? 0);
  const sampleRate = Number(audio.sample_rate ?? 0);
  if (!(channels > 0) || !(sampleRate > 0)) return { ok: false, reason: 'the audio stream is not readable' };
  const format = String(parsed.format?.format_name ?? 'unknown').split(',')[0];
  // Some containers (streamed WebM) carry no duration: decoding will tell.
  return { ok: true, durationSec: Number.isFinite(durationSec) ? durationSec : 0, channels, sampleRate, format };
}
