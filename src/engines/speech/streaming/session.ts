// Live recognition for the WebSocket route. One long-running PocketSphinx decoder reads
// the audio as it arrives and prints each utterance when its own voice activity detector
// hears the pause after it: those are the final results. While someone is still talking,
// the audio since the last final is decoded again about once a second by a short-lived
// decoder: those are the interim results (is_final false), replaced by the final later.
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { EngineError, EngineUnavailableError, type StreamingOptions, type StreamingSession, type StreamingTranscript } from '../../ports.ts';
import { BYTES_PER_SECOND } from '../audio/decode.ts';
import type { ModelPaths } from '../pocketsphinx/models.ts';
import { type RecognizedWord, round, SegmentParser, type UtteranceSpan } from '../pocketsphinx/output.ts';
import { decoderCommand } from '../pocketsphinx/recognizer.ts';
import { killGroup, runProgram } from '../process.ts';
import { createPcmInput, type PcmInput } from './input.ts';

export interface StreamingTuning {
  /** Seconds of new audio between interim decodes (default 1). */
  interimEverySec?: number;
  /** Longest stretch an interim decode looks back over (default 10 s). */
  interimWindowSec?: number;
  /** Silence (10 ms frames) that ends an utterance, i.e. releases a final (default 30). */
  endSilenceFrames?: number;
}

/** Interim results are replaced by the final soon after: the first search pass is enough. */
const INTERIM_FLAGS = ['-fwdflat', 'no', '-bestpath', 'no'];

const SPEECH_LEVEL = -5.0; // log10 mean square of a 10 ms frame, about -50 dBFS
const KEEP_SEC = 30;

export function createStreamingSession(options: StreamingOptions, models: ModelPaths, tuning: StreamingTuning = {}): StreamingSession {
  return new PocketSphinxStream(options, models, tuning);
}

class PocketSphinxStream extends EventEmitter implements StreamingSession {
  private readonly input: PcmInput;
  private readonly decoder: ChildProcess;
  private readonly parser: SegmentParser;
  private received = 0; // bytes of 16 kHz PCM
  private held: { at: number; pcm: Buffer }[] = []; // audio not yet covered by a final
  private finalEnd = 0; // seconds
  private lastInterimAt = 0;
  private speechSinceFinal = 0; // seconds of loud frames
  private interimRunning: Promise<void> | null = null;
  private interimShown = false;
  private ending: Promise<void> | null = null;
  private decoderClosed: Promise<void>;
  private inputEnded!: () => void;
  private readonly inputDone = new Promise<void>((resolve) => (this.inputEnded = resolve));
  private failed = false;

  constructor(
    options: StreamingOptions,
    private readonly models: ModelPaths,
    private readonly tuning: StreamingTuning,
  ) {
    super();
    this.input = createPcmInput(
      options.encoding,
      options.sampleRate,
      (pcm) => this.onPcm(pcm),
      (error) => this.fail(error),
      () => this.inputEnded(),
    );
    this.parser = new SegmentParser((words, span) => this.onFinal(words, span));
    const [command, args] = decoderCommand(models, ['-vad_postspeech', String(tuning.endSilenceFrames ?? 30)]);
    this.decoder = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    this.decoder.stdin!.on('error', () => {});
    let pending = '';
    this.decoder.stdout!.setEncoding('utf8');
    this.decoder.stdout!.on('data', (text: string) => {
      pending += text;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        this.parser.line(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
      }
    });
    this.decoderClosed = new Promise((resolve) => {
      this.decoder.on('error', () => this.fail(new EngineUnavailableError('PocketSphinx is not installed; live transcription is unavailable.')));
      this.decoder.on('close', (code) => {
        if (pending) this.parser.line(pending);
        this.parser.flush();
        if (code === 127) this.fail(new EngineUnavailableError('PocketSphinx is not installed; live transcription is unavailable.'));
        else if (code !== 0 && code !== null && !this.ending) this.fail(new EngineError('The live recognizer stopped unexpectedly.'));
        resolve();
      });
    });
  }

  push(chunk: Buffer): void {
    if (this.ending || this.failed) return;
    this.input.push(chunk);
  }

  end(): Promise<void> {
    this.ending ??= (async () => {
      this.input.end();
      await this.inputDone;
      this.decoder.stdin!.end();
      await this.decoderClosed;
      await this.interimRunning;
    })();
    return this.ending;
  }

  private onPcm(pcm: Buffer): void {
    if (this.failed) return;
    const at = this.received;
    this.received += pcm.length;
    this.held.push({ at, pcm });
    this.decoder.stdin!.write(pcm);
    this.speechSinceFinal += loudSeconds(pcm);
    this.trimHeld(this.received - KEEP_SEC * BYTES_PER_SECOND);
    this.maybeInterim();
  }

  private maybeInterim(): void {
    const now = this.received / BYTES_PER_SECOND;
    const every = this.tuning.interimEverySec ?? 1;
    if (this.interimRunning || this.ending || now - this.lastInterimAt < every || this.speechSinceFinal < 0.3) return;
    this.lastInterimAt = now;
    const from = Math.max(this.finalEnd, now - (this.tuning.interimWindowSec ?? 10));
    const audio = this.audioSince(from);
    this.interimRunning = this.decodeInterim(audio, from, now).finally(() => (this.interimRunning = null));
  }

  private async decodeInterim(audio: Buffer, from: number, to: number): Promise<void> {
    const words: RecognizedWord[] = [];
    const parser = new SegmentParser((utterance) => words.push(...utterance), from);
    const [command, args] = decoderCommand(this.models, INTERIM_FLAGS);
    const run = await runProgram(command, args, {
      timeoutMs: 30_000,
      stdin: Readable.from([audio]),
      onStdoutLine: (line) => parser.line(line),
    });
    parser.flush();
    if (run.code !== 0 || this.failed) return;
    // A final that arrived meanwhile already covers (part of) this audio.
    const fresh = words.filter((w) => w.start >= this.finalEnd);
    if (fresh.length === 0 || to <= this.finalEnd) return;
    this.interimShown = true;
    this.emitTranscript(fresh, Math.max(from, this.finalEnd), to, false);
  }

  private onFinal(words: RecognizedWord[], span: UtteranceSpan): void {
    this.finalEnd = Math.max(this.finalEnd, span.end);
    this.speechSinceFinal = 0;
    this.trimHeld(Math.floor(this.finalEnd * BYTES_PER_SECOND));
    // An empty final is only worth sending to clear an interim the client is showing.
    if (words.length === 0 && !this.interimShown) return;
    this.interimShown = false;
    this.emitTranscript(words, span.start, span.end, true);
  }

  private emitTranscript(words: RecognizedWord[], start: number, end: number, isFinal: boolean): void {
    const message: StreamingTranscript = {
      type: 'transcript',
      audio_start: round(start),
      audio_end: round(end),
      duration: round(end - start),
      text: words.map((w) => w.word).join(' '),
      is_final: isFinal,
      words: words.map((w) => ({ ...w, speaker: 0 })),
    };
    this.emit('transcript', message);
  }

  private audioSince(seconds: number): Buffer {
    const fromByte = Math.floor(seconds * BYTES_PER_SECOND) & ~1;
    const parts = this.held
      .filter((h) => h.at + h.pcm.length > fromByte)
      .map((h) => (h.at >= fromByte ? h.pcm : h.pcm.subarray(fromByte - h.at)));
    return Buffer.concat(parts);
  }

  private trimHeld(beforeByte: number): void {
    while (this.held.length && this.held[0].at + this.held[0].pcm.length <= beforeByte) this.held.shift();
  }

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    // An 'error' event nobody listens to would throw: the caller may only await end().
    if (this.listenerCount('error') > 0) this.emit('error', error);
    killGroup(this.decoder);
    this.inputEnded();
  }
}

/** Seconds of 10 ms frames in `pcm` loud enough to be speech. */
function loudSeconds(pcm: Buffer): number {
  const aligned = pcm.byteOffset % 2 ? Buffer.from(pcm) : pcm;
  const samples = new Int16Array(aligned.buffer, aligned.byteOffset, aligned.length >> 1);
  let loud = 0;
  for (let start = 0; start + 160 <= samples.length; start += 160) {
    let sum = 0;
    for (let i = start; i < start + 160; i++) sum += (samples[i] / 32768) ** 2;
    if (Math.log10(sum / 160 + 1e-10) > SPEECH_LEVEL) loud++;
  }
  return loud * 0.01;
}
