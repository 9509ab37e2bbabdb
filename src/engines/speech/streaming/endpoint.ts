// Where a live utterance may be cut short. PocketSphinx's own voice activity detector ends an
// utterance only after a long pause (endSilenceFrames, 300 ms); people, and synthetic
// voices, often talk for 15–20 s with nothing longer than the 100–150 ms between sentences,
// and every word of such a turn would wait for its end before its final result. This looks
// at the audio as it arrives (10 ms frames, before the decoder sees them) and asks for a cut
// once an utterance has run long: at a short pause after `softSec`, at any quiet frames
// after `maxSec`, and unconditionally at `hardSec`. Decisions use only audio already
// received, so cutting adds no delay.

export interface EndpointTuning {
  /** Silence (10 ms frames) after which the decoder ends an utterance by itself (default 30). */
  endSilenceFrames?: number;
  /** Utterance length (s) after which a short pause also ends it (default 3). */
  softSec?: number;
  /** Quiet frames that make a short pause (default 10). */
  shortPauseFrames?: number;
  /** Utterance length (s) after which a few quiet frames end it (default 6). */
  maxSec?: number;
  /** Utterance length (s) at which it is cut wherever it is (default maxSec + 2). */
  hardSec?: number;
}

const FRAME_BYTES = 320; // 10 ms of 16 kHz s16le
const FRAME_SEC = 0.01;
/** log10 mean square of a 10 ms frame below which it is quiet whatever the noise: about -50 dBFS. */
export const SPEECH_LEVEL = -5.0;
/** Quiet frames needed once an utterance is past maxSec. */
const MIN_PAUSE_FRAMES = 3;
/** Quiet means within 6 dB of the background level (for noisy microphones). */
const ABOVE_FLOOR = 0.6;
/** The background estimate follows quiet frames down at once and rises 3 dB per second. */
const FLOOR_RISE = 0.003;
/** The level of a pause follows quieter frames down at once and rises 0.5 dB per second. */
const QUIET_FRAME_RISE = 0.0005;

export interface EndpointResult {
  /** Byte offsets into the pushed chunk (frame ends) where the utterance should be cut. */
  cuts: number[];
  /** Seconds of loud (speech) frames in the chunk. */
  loudSec: number;
}

export class Endpointer {
  private readonly endSilence: number;
  private readonly soft: number;
  private readonly shortPause: number;
  private readonly max: number;
  private readonly hard: number;
  private carry: Buffer = Buffer.alloc(0);
  private frames = 0; // frames seen so far
  private floor = SPEECH_LEVEL - 1;
  private utteranceStart: number | null = null; // seconds
  private quietRun = 0;
  private lastLoud = 0; // seconds, end of the last loud frame
  /** Energy of the latest frame at the background level: how loud a pause is here. */
  private quietEnergy = SPEECH_LEVEL - 1;
  private noiseState = 0x2545f491;

  constructor(tuning: EndpointTuning = {}) {
    this.endSilence = tuning.endSilenceFrames ?? 30;
    this.soft = tuning.softSec ?? 3;
    this.shortPause = tuning.shortPauseFrames ?? 10;
    this.max = tuning.maxSec ?? 6;
    this.hard = tuning.hardSec ?? this.max + 2;
  }

  /** Feeds 16 kHz mono s16le in any chunk sizes. */
  push(pcm: Buffer): EndpointResult {
    const data = this.carry.length ? Buffer.concat([this.carry, pcm]) : pcm;
    const whole = data.length - (data.length % FRAME_BYTES);
    // Aligned copy when the view starts at an odd byte (Int16Array needs even offsets).
    const aligned = data.byteOffset % 2 ? Buffer.from(data.subarray(0, whole)) : data;
    const samples = new Int16Array(aligned.buffer, aligned.byteOffset, whole >> 1);
    const cuts: number[] = [];
    let loud = 0;
    for (let frame = 0; frame * 160 < samples.length; frame++) {
      if (this.frame(samples.subarray(frame * 160, frame * 160 + 160))) loud++;
      if (this.shouldCut()) {
        this.utteranceStart = null;
        // Offset in `pcm` of this frame's end (the carried part of a frame was in the last chunk).
        cuts.push((frame + 1) * FRAME_BYTES - this.carry.length);
      }
    }
    this.carry = Buffer.from(data.subarray(whole));
    return { cuts, loudSec: loud * FRAME_SEC };
  }

  /** The decoder ended an utterance by itself at `endSec`: what follows is a new one. */
  utteranceEnded(endSec: number): void {
    if (this.utteranceStart === null || this.utteranceStart >= endSec - 0.05) return;
    this.utteranceStart = this.lastLoud > endSec + 0.05 ? endSec : null;
  }

  /** `frames` of pause as it sounds here: white noise at the background level (a decoder's
   * detector takes it for silence; identical repeated frames can confuse it). */
  pause(frames: number): Buffer {
    const rms = Math.sqrt(10 ** this.quietEnergy) * 32768;
    const pcm = Buffer.alloc(frames * FRAME_BYTES);
    for (let i = 0; i < frames * 160; i++) {
      // xorshift32: the same cut gives the same pause.
      this.noiseState ^= this.noiseState << 13;
      this.noiseState ^= this.noiseState >>> 17;
      this.noiseState ^= this.noiseState << 5;
      const uniform = (this.noiseState >>> 0) / 2 ** 31 - 1; // -1..1
      pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(uniform * rms * Math.sqrt(3)))), i * 2);
    }
    return pcm;
  }

  /** True when the frame is loud (above SPEECH_LEVEL). */
  private frame(samples: Int16Array): boolean {
    let sum = 0;
    for (let i = 0; i < samples.length; i++) sum += (samples[i] / 32768) ** 2;
    const energy = Math.log10(sum / samples.length + 1e-10);
    const start = this.frames * FRAME_SEC;
    this.frames++;
    this.floor = energy < this.floor ? energy : this.floor + FLOOR_RISE;
    this.quietEnergy = energy <= this.quietEnergy ? energy : this.quietEnergy + QUIET_FRAME_RISE;
    const speech = energy > Math.max(SPEECH_LEVEL, this.floor + ABOVE_FLOOR);
    if (speech) {
      this.utteranceStart ??= start;
      this.quietRun = 0;
      this.lastLoud = start + FRAME_SEC;
    } else {
      this.quietRun++;
      if (this.quietRun >= this.endSilence) this.utteranceStart = null;
    }
    return energy > SPEECH_LEVEL;
  }

  private shouldCut(): boolean {
    if (this.utteranceStart === null) return false;
    const length = this.frames * FRAME_SEC - this.utteranceStart;
    if (length >= this.hard) return true;
    if (length >= this.max) return this.quietRun >= MIN_PAUSE_FRAMES;
    return length >= this.soft && this.quietRun >= this.shortPause;
  }
}
