// Native RIFF/WAVE header reader: finds the format and the data chunk without reading
// the samples, so a 16 kHz mono 16-bit file can be fed to the recognizer as it is.
import { open } from 'node:fs/promises';

export interface WavInfo {
  /** 1 integer PCM, 3 IEEE float (WAVE_FORMAT_EXTENSIBLE is resolved to its sub-format). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Byte offset of the first sample and number of sample bytes present in the file. */
  dataOffset: number;
  dataBytes: number;
  /** The header promised more sample bytes than the file holds. */
  truncated: boolean;
  durationSec: number;
}

const HEADER_SCAN_BYTES = 1 << 16;

/** Is this buffer the start of a RIFF/WAVE (or RF64) file? */
export function looksLikeWav(head: Buffer): boolean {
  if (head.length < 12) return false;
  const riff = head.toString('latin1', 0, 4);
  return (riff === 'RIFF' || riff === 'RF64') && head.toString('latin1', 8, 12) === 'WAVE';
}

/** Reads the WAV header of `path`; `{error}` names what is wrong (never file content). */
export async function readWavInfo(path: string): Promise<WavInfo | { error: string }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(HEADER_SCAN_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return parseWavHeader(head, size);
  } finally {
    await handle.close();
  }
}

/** Parses the chunks in `head` (the first bytes of a file of `fileSize` bytes). */
export function parseWavHeader(head: Buffer, fileSize: number): WavInfo | { error: string } {
  if (!looksLikeWav(head)) return { error: 'not a WAV file' };
  let offset = 12;
  let fmt: { formatTag: number; channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  while (offset + 8 <= head.length) {
    const id = head.toString('latin1', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) return { error: 'WAV format chunk is truncated' };
      let formatTag = head.readUInt16LE(body);
      if (formatTag === 0xfffe && size >= 40 && body + 26 <= head.length) formatTag = head.readUInt16LE(body + 24);
      fmt = {
        formatTag,
        channels: head.readUInt16LE(body + 2),
        sampleRate: head.readUInt32LE(body + 4),
        bitsPerSample: head.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) return { error: 'WAV data chunk comes before its format chunk' };
      if (fmt.channels < 1 || fmt.sampleRate < 1000 || fmt.bitsPerSample < 8) return { error: 'WAV format is invalid' };
      const available = Math.max(0, fileSize - body);
      // Recorders that stream write 0 or 0xFFFFFFFF as the size: the data runs to the end.
      const declared = size === 0 || size === 0xffffffff ? available : size;
      const frameBytes = fmt.channels * Math.ceil(fmt.bitsPerSample / 8);
      const dataBytes = Math.min(declared, available) - (Math.min(declared, available) % frameBytes);
      return {
        ...fmt,
        dataOffset: body,
        dataBytes,
        truncated: declared > available,
        durationSec: dataBytes / frameBytes / fmt.sampleRate,
      };
    }
    offset = body + size + (size % 2);
  }
  return { error: fmt ? 'WAV file has no data chunk' : 'WAV file has no format chunk' };
}

/** True when the samples can go to the recognizer untouched (16 kHz, mono, 16-bit PCM). */
export function isRecognizerReady(info: WavInfo): boolean {
  return info.formatTag === 1 && info.channels === 1 && info.sampleRate === 16000 && info.bitsPerSample === 16;
}
