// Decodes several stretches of one recording in a single decoder run (one start-up, one
// speaker's adapted model): the stretches are fed back to back, each followed by silence
// long enough to close the decoder's utterance, and word times are mapped back.
import { createReadStream } from 'node:fs';
import type { PcmSource } from '../audio/decode.ts';
import { BYTES_PER_SECOND } from '../audio/decode.ts';
import type { ModelPaths } from './models.ts';
import { type RecognizedWord, round } from './output.ts';
import { recognizeStream, TRAILING_SILENCE } from './recognizer.ts';

/** Seconds of the original recording, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

const GAP_SEC = TRAILING_SILENCE.length / BYTES_PER_SECOND;

/** Where each span starts in the spliced stream (seconds). */
export function splicedOffsets(spans: Span[], gapSec = GAP_SEC): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const span of spans) {
    offsets.push(at);
    at += span.end - span.start + gapSec;
  }
  return offsets;
}

/** Maps a word from spliced time back to recording time; undefined when it lies in a gap. */
export function unsplice(word: RecognizedWord, spans: Span[], offsets: number[]): RecognizedWord | undefined {
  const mid = (word.start + word.end) / 2;
  let i = offsets.length - 1;
  while (i > 0 && offsets[i] > mid) i--;
  const span = spans[i];
  const shift = span.start - offsets[i];
  if (mid + shift > span.end) return undefined;
  const start = Math.max(span.start, word.start + shift);
  const end = Math.min(span.end, word.end + shift);
  return { ...word, start: round(start), end: round(end) };
}

export async function recognizeSpans(source: PcmSource, spans: Span[], models: ModelPaths): Promise<RecognizedWord[]> {
  const byteAt = (sec: number) => Math.min(source.bytes, Math.max(0, Math.round(sec * BYTES_PER_SECOND) & ~1));
  const kept = spans.filter((s) => byteAt(s.end) > byteAt(s.start));
  if (kept.length === 0) return [];
  // Spans on whole samples, so spliced times map back exactly.
  const exact = kept.map((s) => ({ start: byteAt(s.start) / BYTES_PER_SECOND, end: byteAt(s.end) / BYTES_PER_SECOND }));
  async function* audio(): AsyncGenerator<Buffer> {
    for (const span of exact) {
      yield* createReadStream(source.path, { start: source.offset + byteAt(span.start), end: source.offset + byteAt(span.end) - 1 });
      yield TRAILING_SILENCE;
    }
  }
  const offsets = splicedOffsets(exact);
  const seconds = offsets[offsets.length - 1] + exact[exact.length - 1].end - exact[exact.length - 1].start;
  const words = await recognizeStream(audio(), seconds, models);
  return words.map((w) => unsplice(w, exact, offsets)).filter((w): w is RecognizedWord => w !== undefined);
}
