// The second decoding pass of an uploaded recording: each diarized speaker with enough
// confidently recognised speech gets an MLLR transform estimated from pass 1, and their
// turns are decoded again with it. Speakers without one keep their pass-1 words; when the
// adaptation tools are missing the whole recording keeps them (with a notice, never faked).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PCM_DIR_PREFIX, type PcmSource } from '../audio/decode.ts';
import type { SpeakerTurn } from '../diarization/diarize.ts';
import { estimateMllr } from '../adaptation/mllr.ts';
import { confidentStretches, type StretchOptions, stretchSeconds } from '../adaptation/stretches.ts';
import { findTrainer, type TrainerFinder } from '../adaptation/trainer.ts';
import type { ModelPaths } from './models.ts';
import type { RecognizedWord } from './output.ts';
import { mapPool } from './pool.ts';
import { recognizeSpans, type Span } from './spliced.ts';

export interface SecondPassOptions extends StretchOptions {
  /** Seconds of confident speech a speaker needs before a transform is estimated. */
  minAdaptSeconds?: number;
  /** Told why a speaker or the recording was not adapted (never any transcript text). */
  onNotice?: (reason: string) => void;
  /** Decoder flags of the second pass on top of the models' (default PASS_TWO_FLAGS). */
  passTwoFlags?: string[];
  /** Where to look for bw and mllr_solve (default: SPHINXTRAIN_DIRS). */
  trainerDirs?: string[];
  /** Finds the tools and prepares the model for them (the service's runs in an engine thread:
   * converting the model's mixture weights is a few hundred milliseconds of CPU). */
  findTrainer?: TrainerFinder;
  /** Sees the result while the transform files still exist (tests). */
  inspect?: (result: SecondPassResult) => void | Promise<void>;
}

export interface SecondPassResult {
  words: RecognizedWord[];
  /** Speakers decoded again with their own transform. */
  adapted: number[];
  /** Transform files (in the pass's folder, removed when it ends): for tests. */
  transforms: Map<number, string>;
}

/** The flat-lexicon search after the tree search; too slow for every pass (see DECODER_FLAGS)
 * but affordable for the second alone. */
export const PASS_TWO_FLAGS: string[] = ['-fwdflat', 'yes'];

/** Audio decoded around each turn so a word cut by the turn's edge is still heard whole. */
const EDGE_PAD = 0.2;

export async function secondPass(
  source: PcmSource,
  pass1: RecognizedWord[],
  turns: SpeakerTurn[],
  models: ModelPaths,
  parallelism: number,
  options: SecondPassOptions = {},
): Promise<SecondPassResult> {
  const unchanged: SecondPassResult = { words: pass1, adapted: [], transforms: new Map() };
  const lookup = await (options.findTrainer ?? findTrainer)(models.hmm, options.trainerDirs);
  if (!lookup.ok) {
    options.onNotice?.(`speaker adaptation skipped: ${lookup.reason}`);
    return unchanged;
  }
  const dir = await mkdtemp(join(tmpdir(), `${PCM_DIR_PREFIX}${process.pid}-mllr-`));
  try {
    const speakers = [...new Set(turns.map((t) => t.speaker))];
    const plans = speakers.map((speaker) => ({ speaker, spans: speakerSpans(turns, speaker) }));
    const minSeconds = options.minAdaptSeconds ?? 3;
    const transforms = new Map<number, string>();
    await mapPool(plans, parallelism, async ({ speaker, spans }) => {
      const stretches = confidentStretches(pass1.filter((w) => inSpans(w, spans)), options);
      if (stretchSeconds(stretches) < minSeconds) return;
      const outcome = await estimateMllr(source, stretches, models, lookup.trainer, join(dir, `speaker${speaker}`));
      if (outcome.ok) transforms.set(speaker, outcome.path);
      else options.onNotice?.(`speaker adaptation skipped for one speaker: ${outcome.reason}`);
    });
    const jobs = plans.filter((p) => transforms.has(p.speaker)).flatMap((p) => splitSpans(p.spans, parallelism).map((spans) => ({ ...p, spans })));
    const decoded = await mapPool(jobs, parallelism, async ({ speaker, spans }) => {
      const flags = [...(models.flags ?? []), ...(options.passTwoFlags ?? PASS_TWO_FLAGS), '-mllr', transforms.get(speaker)!];
      const adapted = { ...models, flags };
      const padded = spans.map((s) => ({ start: Math.max(0, s.start - EDGE_PAD), end: Math.min(source.durationSec, s.end + EDGE_PAD) }));
      return (await recognizeSpans(source, padded, adapted)).filter((w) => inSpans(w, spans));
    });
    const redone = plans.filter((p) => transforms.has(p.speaker)).flatMap((p) => p.spans);
    const words = [...pass1.filter((w) => !inSpans(w, redone)), ...decoded.flat()].sort((a, b) => a.start - b.start);
    const result = { words, adapted: [...transforms.keys()].sort(), transforms };
    await options.inspect?.(result);
    return result;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A speaker's turns, neighbours closer than a breath merged. */
export function speakerSpans(turns: SpeakerTurn[], speaker: number): Span[] {
  const spans: Span[] = [];
  for (const t of turns.filter((turn) => turn.speaker === speaker).sort((a, b) => a.start - b.start)) {
    const last = spans[spans.length - 1];
    if (last && t.start - last.end < 0.05) last.end = Math.max(last.end, t.end);
    else spans.push({ start: t.start, end: t.end });
  }
  return spans;
}

export function inSpans(word: RecognizedWord, spans: Span[]): boolean {
  const mid = (word.start + word.end) / 2;
  return spans.some((s) => s.start <= mid && mid < s.end);
}

/** Splits one speaker's spans into up to `parts` groups of similar length (parallel decoders
 * for a long recording; short ones stay whole: each decoder start costs). */
export function splitSpans(spans: Span[], parts: number, minGroupSec = 60): Span[][] {
  const total = spans.reduce((a, s) => a + s.end - s.start, 0);
  const groups = Math.max(1, Math.min(parts, Math.floor(total / minGroupSec)));
  const target = total / groups;
  const out: Span[][] = [[]];
  let filled = 0;
  for (const span of spans) {
    if (filled >= target && out.length < groups) {
      out.push([]);
      filled = 0;
    }
    out[out.length - 1].push(span);
    filled += span.end - span.start;
  }
  return out;
}
