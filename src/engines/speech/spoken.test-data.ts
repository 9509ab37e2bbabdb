// Synthetic speech for the speech tests: espeak-ng voices joined by sox (no real patient),
// and a live session fed at twice real time.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StreamingTranscript } from '../ports.ts';
import { resolveModels } from './pocketsphinx/models.ts';
import { createStreamingSession } from './streaming/session.ts';

export const LINES = [
  'Good morning, what brings you in today?',
  'My left knee has been hurting for about two weeks now.',
  'Did anything happen, a fall or a twist while running?',
  'I think I twisted it playing soccer with my kids on Saturday.',
  'Does it swell up or lock when you walk up the stairs?',
  'It swells a little in the evening but it does not lock.',
  'Okay, let me take a look and press on a few spots.',
  'Sure, it hurts most right here on the inside.',
];

export interface SpokenTurn {
  voice: string;
  start: number;
  end: number;
}

/**
 * Speaks one line per voice key (`voices` maps keys to espeak-ng arguments) into `dir`,
 * trimmed and joined with `pauseSec` pauses: the 16 kHz WAV, its PCM and the turn times.
 */
export function speakTurns(dir: string, name: string, keys: string[], voices: Record<string, string[]>, pauseSec: number): { path: string; pcm: Buffer; turns: SpokenTurn[] } {
  const parts: string[] = [];
  const turns: SpokenTurn[] = [];
  let at = 0;
  keys.forEach((voice, i) => {
    const raw = join(dir, `${name}-${i}.raw.wav`);
    const part = join(dir, `${name}-${i}.wav`);
    execFileSync('espeak-ng', [...voices[voice]!, '-w', raw, LINES[i % LINES.length]!]);
    execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', part, 'silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse', 'pad', '0', String(pauseSec)]);
    const seconds = Number(execFileSync('soxi', ['-D', part]).toString());
    turns.push({ voice, start: at, end: at + seconds - pauseSec });
    at += seconds;
    parts.push(part);
  });
  const path = join(dir, `${name}.wav`);
  execFileSync('sox', [...parts, path]);
  const file = readFileSync(path);
  return { path, pcm: file.subarray(file.indexOf('data') + 8), turns };
}

/** Streams 16 kHz PCM through a live session at twice real time in 100 ms chunks; no errors allowed. */
export async function streamLive(pcm: Buffer): Promise<StreamingTranscript[]> {
  const session = createStreamingSession({ sampleRate: 16000, encoding: 'linear16' }, resolveModels());
  const messages: StreamingTranscript[] = [];
  const errors: Error[] = [];
  session.on('transcript', (m) => messages.push(m));
  session.on('error', (e) => errors.push(e));
  for (let at = 0; at < pcm.length; at += 3200) {
    session.push(pcm.subarray(at, at + 3200));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await session.end();
  assert.deepEqual(errors, []);
  return messages;
}
