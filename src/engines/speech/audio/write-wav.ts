// Wraps 16 kHz mono s16le samples in a WAV header (for servers that want a file).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type PcmSource, SAMPLE_RATE } from './decode.ts';

export function wavHeader(dataBytes: number, sampleRate = SAMPLE_RATE, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export async function writeWav(pcm: PcmSource): Promise<{ path: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'clinscribe-wav-'));
  const path = join(dir, 'channel.wav');
  const out = createWriteStream(path);
  out.write(wavHeader(pcm.bytes));
  await pipeline(createReadStream(pcm.path, { start: pcm.offset, end: pcm.offset + Math.max(0, pcm.bytes - 1) }), out);
  return { path, dispose: () => rm(dir, { recursive: true, force: true }) };
}
