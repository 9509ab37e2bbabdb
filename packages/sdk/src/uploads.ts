// Audio for upload: a file path (streamed from disk), a Buffer, or a readable stream.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type AudioInput = string | Buffer | Uint8Array | Readable | NodeJS.ReadableStream;

/**
 * A Blob the request (and every retry of it) can send. A path is read lazily from disk; a
 * stream is read once into memory, since a retry must send the same bytes again.
 */
export async function audioBlob(audio: AudioInput): Promise<{ blob: Blob; fileName: string }> {
  if (typeof audio === 'string') return { blob: await fs.openAsBlob(audio), fileName: path.basename(audio) };
  if (audio instanceof Uint8Array) return { blob: new Blob([new Uint8Array(audio)]), fileName: 'audio' };
  const chunks: Buffer[] = [];
  for await (const chunk of audio as AsyncIterable<Buffer | string>) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return { blob: new Blob([new Uint8Array(Buffer.concat(chunks))]), fileName: 'audio' };
}
