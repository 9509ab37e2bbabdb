// Speech engine for any server speaking OpenAI's /v1/audio/transcriptions (whisper.cpp
// server, faster-whisper servers, vLLM, OpenAI itself). The server gives words and times;
// speakers come from the local weight-free diarizer, since the protocol has none.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import {
  EngineError,
  type SpeechEngine,
  type TranscriptionChannel,
  type TranscriptionRequest,
  type TranscriptionResult,
} from '../../ports.ts';
import { decodeToPcm, type PcmSource } from '../audio/decode.ts';
import { probeAudio } from '../audio/probe.ts';
import { diarize, speakerAt, type SpeakerTurn } from '../diarization/diarize.ts';
import { extractFeatures } from '../diarization/features.ts';
import { detectSpeech } from '../diarization/vad.ts';
import { buildChannel } from '../pocketsphinx/engine.ts';
import { type RecognizedWord, round } from '../pocketsphinx/output.ts';
import { writeWav } from '../audio/write-wav.ts';
import { refused, unreachable } from '../../remote-server.ts';
import { requestSignal } from '../../cancellation.ts';

const SERVER = 'speech recognition server';

export interface OpenAiSpeechOptions {
  /** Server root, with or without the trailing /v1. */
  baseUrl: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  /** Attribute words to speakers with the local diarizer (default true). */
  diarize?: boolean;
}

interface VerboseJson {
  text?: string;
  duration?: number;
  words?: { word: string; start: number; end: number; probability?: number; confidence?: number }[];
  segments?: { start: number; end: number; text: string; avg_logprob?: number }[];
}

export function createOpenAiSpeechEngine(options: OpenAiSpeechOptions): SpeechEngine {
  const root = options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
  const endpoint = `${root}/v1/audio/transcriptions`;
  return {
    async transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
      const probe = await probeAudio(request.audioPath);
      if (!probe.ok) throw new EngineError(`The audio cannot be transcribed: ${probe.reason}.`);
      const perChannel = request.multichannel && probe.channels > 1;
      const channels: TranscriptionChannel[] = [];
      let duration = probe.durationSec;
      for (const channel of perChannel ? [...Array(probe.channels).keys()] : [undefined]) {
        // Channels are sent one at a time as 16 kHz WAV; a single channel goes as uploaded.
        const pcm = await decodeToPcm(request.audioPath, { channel, expectedSec: probe.durationSec }).catch(() => undefined);
        try {
          const upload = perChannel && pcm ? await writeWav(pcm) : { path: request.audioPath, dispose: async () => {} };
          try {
            const answer = await callServer(endpoint, upload.path, request, options);
            duration = Math.max(duration, answer.duration ?? 0);
            const turns = pcm && options.diarize !== false ? await speakerTurns(pcm) : [];
            channels.push(buildChannel(toWords(answer), (w) => speakerAt(turns, (w.start + w.end) / 2), request.dictation));
          } finally {
            await upload.dispose();
          }
        } finally {
          await pcm?.dispose();
        }
      }
      return { channels, duration: round(duration) };
    },
  };
}

async function callServer(endpoint: string, path: string, request: TranscriptionRequest, options: OpenAiSpeechOptions): Promise<VerboseJson> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), basename(path).includes('.') ? basename(path) : 'audio');
  form.append('model', options.model ?? 'whisper-1');
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  form.append('timestamp_granularities[]', 'segment');
  if (request.language) form.append('language', request.language.split(/[-_]/)[0].toLowerCase());
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      body: form,
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
      signal: requestSignal(options.timeoutMs ?? 15 * 60_000),
    });
  } catch (error) {
    throw unreachable(SERVER, error);
  }
  if (!response.ok) throw await refused(SERVER, response);
  try {
    return (await response.json()) as VerboseJson;
  } catch {
    throw new EngineError('The speech recognition server sent an answer that is not JSON.');
  }
}

/** Word list from verbose_json; servers without word timestamps get times spread over each segment. */
function toWords(answer: VerboseJson): RecognizedWord[] {
  const segments = answer.segments ?? [];
  const segmentConfidence = (time: number) => {
    const s = segments.find((seg) => time >= seg.start && time <= seg.end);
    return s?.avg_logprob !== undefined ? Math.exp(s.avg_logprob) : 1;
  };
  const clean = (word: string) => word.trim();
  if (answer.words?.length) {
    return answer.words
      .filter((w) => clean(w.word))
      .map((w) => ({
        word: clean(w.word),
        start: round(w.start),
        end: round(Math.max(w.start, w.end)),
        confidence: round(clamp(w.probability ?? w.confidence ?? segmentConfidence((w.start + w.end) / 2))),
      }));
  }
  return segments.flatMap((s) => {
    const tokens = s.text.split(/\s+/).filter(Boolean);
    const step = (s.end - s.start) / Math.max(1, tokens.length);
    const confidence = round(clamp(s.avg_logprob !== undefined ? Math.exp(s.avg_logprob) : 1));
    return tokens.map((word, i) => ({ word, start: round(s.start + i * step), end: round(s.start + (i + 1) * step), confidence }));
  });
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

async function speakerTurns(pcm: PcmSource): Promise<SpeakerTurn[]> {
  const features = await extractFeatures(pcm);
  return diarize(features, detectSpeech(features)).turns;
}
