// Runs pocketsphinx_continuous over a byte range of 16 kHz mono PCM, fed through stdin so
// any stretch of a long file can be decoded without copying it.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { EngineError, EngineUnavailableError } from '../../ports.ts';
import type { PcmSource } from '../audio/decode.ts';
import { BYTES_PER_SECOND } from '../audio/decode.ts';
import { runProgram } from '../process.ts';
import type { ModelPaths } from './models.ts';
import { type RecognizedWord, round, SegmentParser } from './output.ts';

export const POCKETSPHINX = 'pocketsphinx_continuous';

/** Silence fed after the audio. At end of input pocketsphinx_continuous drops the utterance
 * still open for some input lengths (its last words vanish, depending on how the length
 * falls into its read blocks); silence longer than its end-of-utterance wait (-vad_postspeech,
 * 50 frames by default) lets the detector close that utterance itself first. */
export const TRAILING_SILENCE = Buffer.alloc(BYTES_PER_SECOND * 0.8);

export function decoderArgs(models: ModelPaths, extra: string[] = []): string[] {
  const base = ['-hmm', models.hmm, '-lm', models.lm, '-dict', models.dict, '-samprate', '16000', '-time', 'yes', '-logfn', '/dev/null', '-infile', '/dev/stdin'];
  return mergeFlags(base, models.flags ?? [], extra);
}

/** "-name value" lists merged left to right; a later value of the same flag replaces the
 * earlier one (the decoder refuses a flag given twice). */
export function mergeFlags(...lists: string[][]): string[] {
  const values = new Map<string, string>();
  for (const list of lists) {
    for (let i = 0; i + 1 < list.length; i += 2) {
      values.delete(list[i]);
      values.set(list[i], list[i + 1]);
    }
  }
  return [...values].flat();
}

/** The decoder opens its input by name, and Node gives children a socket, not a pipe, as
 * stdin (open("/dev/stdin") then fails with ENXIO): `cat` in front turns it into a pipe.
 * `stdbuf -oL` makes it print each utterance as soon as it ends. Exit 127: not installed. */
export function decoderCommand(models: ModelPaths, extra: string[] = []): [string, string[]] {
  const line = 'command -v stdbuf >/dev/null && exec_line="stdbuf -oL" || exec_line=""; cat | $exec_line "$0" "$@"';
  return ['/bin/sh', ['-c', line, POCKETSPHINX, ...decoderArgs(models, extra)]];
}

/** Recognizes samples [fromByte, toByte) of `source` (relative to its data start). */
export async function recognizeRange(
  source: PcmSource,
  fromByte: number,
  toByte: number,
  models: ModelPaths,
): Promise<RecognizedWord[]> {
  if (toByte <= fromByte) return [];
  const range = createReadStream(source.path, { start: source.offset + fromByte, end: source.offset + toByte - 1 });
  const words = await recognizeStream(withTrailingSilence(range), (toByte - fromByte) / BYTES_PER_SECOND, models, fromByte / BYTES_PER_SECOND);
  // The last word may be aligned a little into the silence added after the range.
  const end = round(toByte / BYTES_PER_SECOND);
  return words.filter((w) => w.start < end).map((w) => (w.end > end ? { ...w, end } : w));
}

/** Runs one decoder over `audio` (16 kHz mono s16le, about `seconds` long); word times are
 * shifted by `timeOffset`. */
export async function recognizeStream(
  audio: AsyncIterable<Buffer>,
  seconds: number,
  models: ModelPaths,
  timeOffset = 0,
): Promise<RecognizedWord[]> {
  const words: RecognizedWord[] = [];
  const parser = new SegmentParser((utterance) => words.push(...utterance), timeOffset);
  const stdin = Readable.from(audio, { objectMode: false });
  const [command, args] = decoderCommand(models);
  const run = await runProgram(command, args, {
    // Generous limit: decoding runs well below real time; a stuck decoder must not block forever.
    timeoutMs: 60_000 + seconds * 3000,
    stdin,
    onStdoutLine: (line) => parser.line(line),
  });
  parser.flush();
  if (run.missing || run.code === 127) throw new EngineUnavailableError('PocketSphinx is not installed (Debian packages pocketsphinx and pocketsphinx-en-us).');
  if (run.timedOut) throw new EngineError('Speech recognition took too long.');
  if (run.code !== 0) throw new EngineError('Speech recognition failed (the recognizer stopped with an error).');
  return words;
}

async function* withTrailingSilence(audio: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* audio;
  yield TRAILING_SILENCE;
}
