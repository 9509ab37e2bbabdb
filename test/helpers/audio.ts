// Real audio for tests: silent WAV buffers, multipart bodies, and two-voice dialogues spoken
// by espeak-ng and joined with sox (Debian packages installed by .ci/run).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Asynchronous on purpose: a blocked event loop would trip the server's load shedding.
const run = promisify(execFile);

/** A 16 kHz mono 16-bit WAV of `samples` silent samples. */
export function wav(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
}

export function multipart(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = '----clinscribe-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type Voice = 'doctor' | 'patient';

/** espeak-ng voices far apart in timbre and pitch, so the diarizer can tell them apart. */
const VOICES: Record<Voice, string[]> = {
  doctor: ['-v', 'en-us+m3', '-p', '35', '-s', '150'],
  patient: ['-v', 'en-us+f4', '-p', '75', '-s', '160'],
};

export interface SpokenAudio {
  path: string;
  dir: string;
  cleanup(): void;
}

/** Speaks each turn in its voice, joins them with `pauseSec` of silence and writes
 * `visit.<format>` (16 kHz mono for wav; mp3 through ffmpeg). */
export async function speakDialogue(turns: { voice: Voice; text: string }[], format: 'wav' | 'mp3' = 'wav', pauseSec = 0.6): Promise<SpokenAudio> {
  const dir = mkdtempSync(join(tmpdir(), 'clinscribe-speech-'));
  const pieces: string[] = [];
  const pause = join(dir, 'pause.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', String(pauseSec)]);
  for (const [i, turn] of turns.entries()) {
    const raw = join(dir, `turn-${i}.raw.wav`);
    const piece = join(dir, `turn-${i}.wav`);
    await run('espeak-ng', [...VOICES[turn.voice], '-w', raw, turn.text]);
    await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', piece]);
    if (i > 0) pieces.push(pause);
    pieces.push(piece);
  }
  const joined = join(dir, 'visit.wav');
  await run('sox', [...pieces, joined]);
  let path = joined;
  if (format === 'mp3') {
    path = join(dir, 'visit.mp3');
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', joined, '-b:a', '64k', path]);
  }
  return { path, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A short doctor–patient exchange (synthetic, no real patient). */
export const SAMPLE_VISIT: { voice: Voice; text: string }[] = [
  { voice: 'doctor', text: 'Good morning. What brings you in today?' },
  { voice: 'patient', text: 'I have had a cough and a fever for three days, and my chest hurts when I breathe.' },
  { voice: 'doctor', text: 'Are you taking any medications at the moment?' },
  { voice: 'patient', text: 'Only my blood pressure pill every morning.' },
  { voice: 'doctor', text: 'Alright. I will listen to your lungs and we will get a chest x ray.' },
];
