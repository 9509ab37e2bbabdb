// The embedded speech engine: PocketSphinx for words, the weight-free diarizer for
// speakers. One channel entry per input channel when `multichannel` is asked for.
import { availableParallelism } from 'node:os';
import type { AudioLimits } from '../../../config.ts';
import {
  EngineError,
  type SpeechEngine,
  type StreamingOptions,
  type TranscribedWord,
  type TranscriptionChannel,
  type TranscriptionRequest,
  type TranscriptionResult,
} from '../../ports.ts';
import { BYTES_PER_SECOND, decodeToPcm, type PcmSource } from '../audio/decode.ts';
import { audioLimitBreach } from '../audio/limits.ts';
import { probeAudio } from '../audio/probe.ts';
import { applyDictation } from '../dictation.ts';
import { speakerAt } from '../diarization/diarize.ts';
import { FRAME_HOP } from '../diarization/features.ts';
import type { Region } from '../diarization/vad.ts';
import { analyseInline, type SpeechAnalyser } from './analysis.ts';
import { createStreamingSession } from '../streaming/session.ts';
import { planPieces } from './chunks.ts';
import { type ModelOptions, type ModelPaths, resolveModels } from './models.ts';
import type { RecognizedWord } from './output.ts';
import { round } from './output.ts';
import { mapPool } from './pool.ts';
import { recognizeRange } from './recognizer.ts';
import { secondPass, type SecondPassOptions } from './two-pass.ts';

export interface PocketSphinxOptions extends ModelOptions {
  /** Decoders run at once per file (default: the machine's CPU count). */
  parallelism?: number;
  /** Upper bound on speakers the diarizer may find (1–4, default 4). */
  maxSpeakers?: number;
  /** Refuse audio over these before decoding, and cap what a decode may write. */
  audioLimits?: AudioLimits;
  /** Runs features, voice activity and diarization (the service's: in the engine thread pool). */
  analyse?: SpeechAnalyser;
  /** 2: decode uploads again per speaker with an adapted acoustic model (CLINSCRIBE_SPEECH_PASSES). */
  passes?: 1 | 2;
  secondPass?: SecondPassOptions;
}

/** What one channel's transcription runs with besides the audio and the models. */
interface ChannelOptions {
  parallelism: number;
  maxSpeakers?: number;
  dictation?: boolean;
  analyse?: SpeechAnalyser;
  passes?: 1 | 2;
  secondPass?: SecondPassOptions;
}

const FRAME_BYTES = FRAME_HOP * 2;
const FRAME_SEC = 0.01;

export function createPocketSphinxEngine(options: PocketSphinxOptions = {}): SpeechEngine {
  let models: ModelPaths | undefined;
  const getModels = () => (models ??= resolveModels(options));
  const parallelism = Math.max(1, options.parallelism ?? availableParallelism());
  const secondPass: SecondPassOptions = { onNotice: warnOnce, ...options.secondPass };
  return {
    languages: ['en'],
    async transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
      checkLanguage(request.language);
      const probe = await probeAudio(request.audioPath);
      if (!probe.ok) throw new EngineError(`The audio cannot be transcribed: ${probe.reason}.`);
      const breach = options.audioLimits && audioLimitBreach(probe, options.audioLimits, request.multichannel === true);
      if (breach) throw new EngineError(breach.message);
      const channelIndexes = request.multichannel && probe.channels > 1 ? [...Array(probe.channels).keys()] : [undefined];
      const channels: TranscriptionChannel[] = [];
      let duration = 0;
      for (const channel of channelIndexes) {
        const source = await decodeToPcm(request.audioPath, { channel, expectedSec: probe.durationSec, maxBytes: options.audioLimits?.maxDecodedBytes });
        try {
          duration = Math.max(duration, source.durationSec);
          channels.push(await transcribeSource(source, getModels(), { ...options, secondPass, parallelism, dictation: request.dictation }));
        } finally {
          await source.dispose();
        }
      }
      return { channels, duration: round(duration) };
    },
    openStream(streaming: StreamingOptions) {
      checkLanguage(streaming.language);
      return createStreamingSession(streaming, getModels());
    },
  };
}

const warned = new Set<string>();
/** Why the second pass was skipped (tools missing): said once per reason, never with text. */
function warnOnce(reason: string): void {
  if (warned.has(reason)) return;
  warned.add(reason);
  process.emitWarning(reason, { code: 'CLINSCRIBE_SPEECH_ONE_PASS' });
}

function checkLanguage(language: string | undefined): void {
  if (language && !/^en(\b|[-_])/i.test(language)) {
    throw new EngineError(`Language "${language}" is not supported by the embedded speech engine (English only).`);
  }
}

export async function transcribeSource(source: PcmSource, models: ModelPaths, options: ChannelOptions): Promise<TranscriptionChannel> {
  const { path, offset, bytes, durationSec } = source;
  const { parallelism } = options;
  const analyse = options.analyse ?? analyseInline;
  const { frames, regions, turns } = await analyse({ path, offset, bytes, durationSec }, options.maxSpeakers);
  if (regions.length === 0) return { transcript: '', confidence: 0, words: [] };
  const pieces = planPieces(regions, frames, parallelism);
  const recognized = await mapPool(pieces, parallelism, (piece) =>
    recognizeRange(source, piece.start * FRAME_BYTES, Math.min(source.bytes, piece.end * FRAME_BYTES), models),
  );
  let words = keepInSpeech(recognized.flat(), regions);
  if (options.passes === 2 && turns.length > 0) {
    words = keepInSpeech((await secondPass(source, words, turns, models, parallelism, options.secondPass)).words, regions);
  }
  return buildChannel(words, (w) => speakerAt(turns, (w.start + w.end) / 2), options.dictation);
}

/** Drops words the decoder found where the VAD heard no speech (noise read as words). */
function keepInSpeech(words: RecognizedWord[], regions: Region[]): RecognizedWord[] {
  const margin = 0.3;
  let r = 0;
  return words.filter((w) => {
    const mid = (w.start + w.end) / 2;
    while (r < regions.length && regions[r].end * FRAME_SEC + margin < mid) r++;
    return r < regions.length && regions[r].start * FRAME_SEC - margin <= mid;
  });
}

export function buildChannel(
  recognized: RecognizedWord[],
  speakerOf: (word: RecognizedWord) => number,
  dictation?: boolean,
): TranscriptionChannel {
  const words: TranscribedWord[] = recognized.map((w) => ({ ...w, speaker: speakerOf(w) }));
  const text = dictation ? applyDictation(words.map((w) => w.word)) : words.map((w) => w.word).join(' ');
  const confidence = words.length ? round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length) : 0;
  return { transcript: text, confidence, words };
}

export { BYTES_PER_SECOND };
