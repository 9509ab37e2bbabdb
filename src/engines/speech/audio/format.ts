// Recognises audio containers by their first bytes, so uploads that are not audio are
// refused at once (400) instead of failing later in the decoder.
import fs from 'node:fs/promises';

export type AudioFormat = 'wav' | 'mp3' | 'aac' | 'mp4' | 'ogg' | 'webm' | 'flac' | 'aiff' | 'amr';

export function sniffAudioFormat(head: Buffer): AudioFormat | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(4, 8) === 'ftyp') return 'mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(8, 12))) return 'aiff';
  if (ascii(0, 5) === '#!AMR') return 'amr';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    // Frame sync: layer bits 00 with the MPEG-4/2 ADTS pattern mean AAC, otherwise MPEG audio.
    return (head[1] & 0x06) === 0 ? 'aac' : 'mp3';
  }
  return undefined;
}

export async function sniffAudioFile(file: string): Promise<AudioFormat | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return sniffAudioFormat(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
