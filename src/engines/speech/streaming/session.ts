// Live recognition for the WebSocket route. One long-running PocketSphinx decoder reads
// the audio as it arrives and prints each utterance when its own voice activity detector
// hears the pause after it: those are the final results. An utterance that runs long
// without such a pause is cut by the endpointer (endpoint.ts) at a short pause or quiet
// frames: the decoder is handed a pause it cannot miss (background-level noise), so it ends
// the utterance there and then; its timestamps are mapped back to the audio's. (A fresh
// decoder per cut would be simpler, but PocketSphinx's detector, started in mid-speech,
// takes the speech for background noise and hears nothing.) While someone is still talking,
// the audio since the last final is decoded again about once a second by a short-lived
// decoder: those are the interim results (is_final false), replaced by the final later.
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { EngineError, EngineUnavailableError, type StreamingOptions, type StreamingSession, type StreamingTranscript } from '../../ports.ts';
import { BYTES_PER_SECOND } from '../audio/decode.ts';
import type { ModelPaths } from '../pocketsphinx/models.ts';
import { type RecognizedWord, round, SegmentParser, type UtteranceSpan } from '../pocketsphinx/output.ts';
import { decoderCommand, TRAILING_SILENCE } from '../pocketsphinx/recognizer.ts';
import { childEnded, childStarted } from '../../child-groups.ts';
import { killGroup, runProgram } from '../process.ts';
import { Endpointer } from './endpoint.ts';
import { createPcmInput, type PcmInput } from './input.ts';
import { LiveSpeakers } from './speakers.ts';

export interface StreamingTuning {
  /** Seconds of new audio between interim decodes (default 1). */
  interimEverySec?: number;
  /** Longest stretch an interim decode looks back over (default 10 s). */
  interimWindowSec?: number;
  /** Silence (10 ms frames) that ends an utterance, i.e. releases a final (default 30). */
  endSilenceFrames?: number;
  /** Utterance length (s) after which a short pause (100 ms) also releases a final (default 3). */
  softUtteranceSec?: number;
  /** Utterance length (s) after which a few quiet frames release a final (default 6); it is
   * cut wherever it is 2 s later. */
  maxUtteranceSec?: number;
}

/** Interim results are replaced by the final soon after: the first search pass is enough. */
const INTERIM_FLAGS = ['-fwdflat', 'no', '-bestpath', 'no'];

const KEEP_SEC = 30;
/** Pause handed to the decoder at a cut, beyond the frames its detector waits for. */
const CUT_MARGIN_FRAMES = 10;
const UNAVAILABLE = 'PocketSphinx is not installed; live transcription is unavailable.';

export function createStreamingSession(options: StreamingOptions, models: ModelPaths, tuning: StreamingTuning = {}): StreamingSession {
  return new PocketSphinxStream(options, models, tuning);
}

/** Pause the session added to the decoder's input: seconds on the decoder's clock. */
interface Inserted {
  at: number;
  length: number;
}

/** Audio the decoder may have queued before the sender is asked to wait (faster than real time). */
const MAX_BACKLOG_SEC = 10;

class PocketSphinxStream extends EventEmitter implements StreamingSession {
  private readonly input: PcmInput;
  private readonly decoder: ChildProcess;
  private readonly parser: SegmentParser;
  private readonly endpointer: Endpointer;
  private readonly endSilenceFrames: number;
  private readonly speakers = new LiveSpeakers();
  private received = 0; // bytes of 16 kHz PCM
  private fedDecoder = 0; // bytes written to the decoder: the audio plus inserted pauses
  private inserted: Inserted[] = []; // pauses not yet behind a final
  private shiftBefore = 0; // seconds of pauses inserted before those still listed
  private held: { at: number; pcm: Buffer }[] = []; // audio not yet covered by a final
  private finalEnd = 0; // seconds
  private lastCut = 0; // seconds
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
    this.endSilenceFrames = tuning.endSilenceFrames ?? 30;
    this.endpointer = new Endpointer({ endSilenceFrames: this.endSilenceFrames, softSec: tuning.softUtteranceSec, maxSec: tuning.maxUtteranceSec });
    this.parser = new SegmentParser((words, span) => this.onDecoded(words, span));
    const [command, args] = decoderCommand(models, ['-vad_postspeech', String(this.endSilenceFrames)]);
    this.decoder = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    childStarted(this.decoder.pid, command);
    this.decoder.stdin!.on('error', () => {});
    this.decoder.stdin!.on('drain', () => this.emit('drain'));
    let pending = '';
    this.decoder.stdout!.setEncoding('utf8');
    this.decoder.stdout!.on('data', (text: string) => {
      pending += text;
      let newline: number;
      while ((newline = pending.indexOf('\n')) >= 0) {
        this.parser.line(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
      }
      // The decoder prints an utterance in one go: one left without </s> is complete now.
      if (!pending) this.parser.settle();
    });
    this.decoderClosed = new Promise((resolve) => {
      this.decoder.on('error', () => this.fail(new EngineUnavailableError(UNAVAILABLE)));
      this.decoder.on('close', (code) => {
        childEnded(this.decoder.pid);
        if (pending) this.parser.line(pending);
        this.parser.flush();
        if (code === 127) this.fail(new EngineUnavailableError(UNAVAILABLE));
        else if (code !== 0 && code !== null && !this.ending) this.fail(new EngineError('The live recognizer stopped unexpectedly.'));
        resolve();
      });
    });
  }

  push(chunk: Buffer): boolean {
    if (this.ending || this.failed) return true;
    this.input.push(chunk);
    return this.decoder.stdin!.writableLength < MAX_BACKLOG_SEC * BYTES_PER_SECOND;
  }

  end(): Promise<void> {
    this.ending ??= (async () => {
      this.input.end();
      await this.inputDone;
      // The decoder may drop an utterance still open at end of input: close it with a pause.
      if (!this.failed) this.insertPause();
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
    this.speakers.push(pcm);
    const { cuts, loudSec } = this.endpointer.push(pcm);
    let from = 0;
    for (const cut of cuts) {
      this.feed(pcm.subarray(from, cut));
      this.insertPause();
      this.lastCut = (at + cut) / BYTES_PER_SECOND;
      from = cut;
    }
    this.feed(pcm.subarray(from));
    this.speechSinceFinal += loudSec;
    this.trimHeld(this.received - KEEP_SEC * BYTES_PER_SECOND);
    this.maybeInterim();
  }

  private feed(pcm: Buffer): void {
    if (pcm.length === 0) return;
    this.fedDecoder += pcm.length;
    this.decoder.stdin!.write(pcm);
  }

  /** Ends the decoder's current utterance: a pause as long as its detector waits for, and
   * some, at this audio's own background level. */
  private insertPause(): void {
    const pause = this.endpointer.pause(this.endSilenceFrames + CUT_MARGIN_FRAMES);
    this.inserted.push({ at: this.fedDecoder / BYTES_PER_SECOND, length: pause.length / BYTES_PER_SECOND });
    this.feed(pause);
  }

  /** Seconds on the decoder's clock → seconds of the audio (a time inside an inserted pause
   * maps to where it was inserted). */
  private audioTime(decoderSec: number): number {
    let shift = this.shiftBefore;
    for (const pause of this.inserted) {
      if (decoderSec <= pause.at) break;
      if (decoderSec < pause.at + pause.length) return round(pause.at - shift);
      shift += pause.length;
    }
    return round(decoderSec - shift);
  }

  private onDecoded(words: RecognizedWord[], span: UtteranceSpan): void {
    const mapped = words.map((w) => ({ ...w, start: this.audioTime(w.start), end: this.audioTime(w.end) }));
    const audioSpan = { start: this.audioTime(span.start), end: this.audioTime(span.end) };
    // Pauses behind this utterance can no longer matter.
    while (this.inserted.length && this.inserted[0].at + this.inserted[0].length <= span.end) this.shiftBefore += this.inserted.shift()!.length;
    this.onFinal(mapped, audioSpan);
  }

  private maybeInterim(): void {
    const now = this.received / BYTES_PER_SECOND;
    const every = this.tuning.interimEverySec ?? 1;
    if (this.interimRunning || this.ending || now - this.lastInterimAt < every || this.speechSinceFinal < 0.3) return;
    // The final for audio before a cut is on its way.
    const from = Math.max(this.finalEnd, this.lastCut, now - (this.tuning.interimWindowSec ?? 10));
    if (now - from < 0.3) return;
    this.lastInterimAt = now;
    const audio = this.audioSince(from);
    this.interimRunning = this.decodeInterim(audio, from, now).finally(() => (this.interimRunning = null));
  }

  private async decodeInterim(audio: Buffer, from: number, to: number): Promise<void> {
    const words: RecognizedWord[] = [];
    const parser = new SegmentParser((utterance) => words.push(...utterance), from);
    const [command, args] = decoderCommand(this.models, INTERIM_FLAGS);
    const run = await runProgram(command, args, {
      timeoutMs: 30_000,
      stdin: Readable.from([audio, TRAILING_SILENCE]),
      onStdoutLine: (line) => parser.line(line),
    });
    parser.flush();
    if (run.code !== 0 || this.failed) return;
    // A final that arrived meanwhile already covers (part of) this audio.
    const fresh = words.filter((w) => w.start >= this.finalEnd && w.start < to).map((w) => (w.end > to ? { ...w, end: round(to) } : w));
    if (fresh.length === 0 || to <= this.finalEnd) return;
    this.interimShown = true;
    this.emitTranscript(fresh, Math.max(from, this.finalEnd), to, false);
  }

  private onFinal(words: RecognizedWord[], span: UtteranceSpan): void {
    this.finalEnd = Math.max(this.finalEnd, span.end);
    this.speechSinceFinal = 0;
    this.endpointer.utteranceEnded(span.end);
    this.trimHeld(Math.floor(this.finalEnd * BYTES_PER_SECOND));
    // An empty final is only worth sending to clear an interim the client is showing.
    if (words.length === 0 && !this.interimShown) return;
    this.interimShown = false;
    this.emitTranscript(words, span.start, span.end, true);
  }

  private emitTranscript(words: RecognizedWord[], start: number, end: number, isFinal: boolean): void {
    // A final's speech joins the speakers' centroids; an interim's is only compared with them.
    const speakers = words.length === 0 ? [] : isFinal ? this.speakers.final(words, start, end) : this.speakers.interim(words, start, end);
    const message: StreamingTranscript = {
      type: 'transcript',
      audio_start: round(start),
      audio_end: round(end),
      duration: round(end - start),
      text: words.map((w) => w.word).join(' '),
      is_final: isFinal,
      words: words.map((w, i) => ({ ...w, speaker: speakers[i] ?? 0 })),
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
    this.input.kill();
    this.inputEnded();
  }
}
