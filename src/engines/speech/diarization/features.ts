// Frame-level acoustic features for voice activity detection and speaker clustering:
// log energy, mel-cepstra (a compact picture of the vocal tract) and pitch (F0), every
// 10 ms. Reads the samples in blocks so hour-long recordings stay out of memory.
import { open } from 'node:fs/promises';
import type { PcmSource } from '../audio/decode.ts';
import { fft } from './fft.ts';

export const FRAME_HOP = 160; // 10 ms at 16 kHz
const FRAME_LEN = 400; // 25 ms
const FFT_SIZE = 512;
const MEL_BANDS = 24;
export const CEPSTRA = 12; // c1..c12 (c0 is loudness, which says little about who speaks)
const PITCH_WIN = 640; // 40 ms, enough for two periods of a 60 Hz voice
const MIN_LAG = 40; // 400 Hz
const MAX_LAG = 267; // 60 Hz

export interface FrameFeatures {
  count: number;
  /** Log10 of the mean squared sample (full scale = 0). */
  energy: Float32Array;
  /** count × CEPSTRA mel-cepstral coefficients. */
  cepstra: Float32Array;
  /** Fundamental frequency in Hz, 0 when unvoiced or not measured. */
  pitch: Float32Array;
}

const window = Float64Array.from({ length: FRAME_LEN }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_LEN - 1)));
const melFilters = buildMelFilters();
const dct = Array.from({ length: CEPSTRA }, (_, c) =>
  Float64Array.from({ length: MEL_BANDS }, (_, m) => Math.cos((Math.PI * (c + 1) * (m + 0.5)) / MEL_BANDS)),
);

function buildMelFilters(): { start: number; weights: Float64Array }[] {
  const mel = (f: number) => 2595 * Math.log10(1 + f / 700);
  const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);
  const lo = mel(100);
  const hi = mel(7000);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) => (hz(lo + ((hi - lo) * i) / (MEL_BANDS + 1)) * FFT_SIZE) / 16000);
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const [left, centre, right] = [edges[b], edges[b + 1], edges[b + 2]];
    const start = Math.ceil(left);
    const weights = new Float64Array(Math.max(0, Math.floor(right) - start + 1));
    for (let k = start; k <= Math.floor(right); k++) {
      weights[k - start] = k <= centre ? (k - left) / (centre - left) : (right - k) / (right - centre);
    }
    return { start, weights };
  });
}

/** Computes features for every 10 ms frame of `source`. `measurePitchAbove` skips the
 * costly pitch search on frames quieter than that log energy. */
export async function extractFeatures(source: PcmSource, measurePitchAbove = -6): Promise<FrameFeatures> {
  const totalSamples = source.bytes >> 1;
  const count = Math.max(0, Math.floor((totalSamples - FRAME_LEN) / FRAME_HOP) + 1);
  const features: FrameFeatures = {
    count,
    energy: new Float32Array(count),
    cepstra: new Float32Array(count * CEPSTRA),
    pitch: new Float32Array(count),
  };
  if (count === 0) return features;
  const blockSamples = FRAME_HOP * 3000; // 30 s per read
  const carry = PITCH_WIN; // samples kept from the previous block for windows that span blocks
  const samples = new Float64Array(blockSamples + carry);
  const handle = await open(source.path, 'r');
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const raw = Buffer.alloc(blockSamples * 2);
  try {
    let bufferStart = 0; // sample index of samples[0]
    let filled = 0;
    let frame = 0;
    let readSamples = 0;
    while (frame < count) {
      const want = Math.min(blockSamples, totalSamples - readSamples);
      if (want > 0) {
        const { bytesRead } = await handle.read(raw, 0, want * 2, source.offset + readSamples * 2);
        const got = bytesRead >> 1;
        const ints = new Int16Array(raw.buffer, raw.byteOffset, got);
        for (let i = 0; i < got; i++) samples[filled + i] = ints[i] / 32768;
        filled += got;
        readSamples += got;
        if (got === 0) break;
      }
      const lastSample = bufferStart + filled;
      for (; frame < count; frame++) {
        const at = frame * FRAME_HOP;
        const needEnd = Math.min(at + PITCH_WIN, totalSamples);
        if (at + FRAME_LEN > lastSample || (needEnd > lastSample && readSamples < totalSamples)) break;
        analyseFrame(samples, at - bufferStart, Math.min(PITCH_WIN, lastSample - at), frame, features, re, im, measurePitchAbove);
      }
      // Keep the tail that later frames still need.
      const keepFrom = Math.max(0, frame * FRAME_HOP - bufferStart);
      samples.copyWithin(0, keepFrom, filled);
      filled -= keepFrom;
      bufferStart += keepFrom;
      if (want <= 0 && frame < count) break;
    }
  } finally {
    await handle.close();
  }
  return features;
}

function analyseFrame(
  samples: Float64Array,
  at: number,
  available: number,
  frame: number,
  out: FrameFeatures,
  re: Float64Array,
  im: Float64Array,
  pitchFloor: number,
): void {
  let mean = 0;
  for (let i = 0; i < FRAME_LEN; i++) mean += samples[at + i];
  mean /= FRAME_LEN;
  let power = 0;
  re.fill(0);
  im.fill(0);
  for (let i = 0; i < FRAME_LEN; i++) {
    const v = samples[at + i] - mean;
    power += v * v;
    re[i] = v * window[i];
  }
  const energy = Math.log10(power / FRAME_LEN + 1e-10);
  out.energy[frame] = energy;
  fft(re, im);
  const logMel = new Float64Array(MEL_BANDS);
  for (let b = 0; b < MEL_BANDS; b++) {
    const { start, weights } = melFilters[b];
    let sum = 0;
    for (let k = 0; k < weights.length; k++) sum += weights[k] * (re[start + k] ** 2 + im[start + k] ** 2);
    logMel[b] = Math.log(sum + 1e-8);
  }
  for (let c = 0; c < CEPSTRA; c++) {
    let sum = 0;
    const basis = dct[c];
    for (let b = 0; b < MEL_BANDS; b++) sum += basis[b] * logMel[b];
    out.cepstra[frame * CEPSTRA + c] = sum;
  }
  if (energy > pitchFloor && available >= PITCH_WIN) out.pitch[frame] = estimatePitch(samples, at);
}

/** Normalised autocorrelation pitch estimate; 0 when the frame is not clearly periodic. */
function estimatePitch(samples: Float64Array, at: number): number {
  const len = PITCH_WIN - MAX_LAG;
  let energy0 = 0;
  for (let i = 0; i < len; i++) energy0 += samples[at + i] ** 2;
  if (energy0 <= 0) return 0;
  let bestLag = 0;
  let best = 0;
  // Coarse search on even lags, then refine around the winner.
  for (let lag = MIN_LAG; lag <= MAX_LAG; lag += 2) {
    const r = correlation(samples, at, lag, len, energy0);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  for (const lag of [bestLag - 1, bestLag + 1]) {
    if (lag < MIN_LAG || lag > MAX_LAG) continue;
    const r = correlation(samples, at, lag, len, energy0);
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  if (best < 0.55 || bestLag === 0) return 0;
  // A period twice the true one correlates too: prefer the shorter lag when nearly as good.
  const half = Math.round(bestLag / 2);
  if (half >= MIN_LAG) {
    for (const lag of [half - 1, half, half + 1]) {
      if (correlation(samples, at, lag, len, energy0) > best * 0.85) return 16000 / lag;
    }
  }
  return 16000 / bestLag;
}

function correlation(samples: Float64Array, at: number, lag: number, len: number, energy0: number): number {
  let cross = 0;
  let energyLag = 0;
  for (let i = 0; i < len; i++) {
    const b = samples[at + i + lag];
    cross += samples[at + i] * b;
    energyLag += b * b;
  }
  return energyLag > 0 ? cross / Math.sqrt(energy0 * energyLag) : 0;
}

/** The same frame features computed as 16 kHz s16le audio arrives (live streams): frame `f`
 * is ready once 40 ms of audio past its start have been pushed. Frames before `trim()` are
 * dropped, so a long stream keeps only a bounded stretch. */
export class FeatureStream {
  /** Absolute index of the first frame held. */
  base = 0;
  /** Absolute index one past the last frame computed. */
  ready = 0;
  private store: FrameFeatures = { count: 0, energy: new Float32Array(0), cepstra: new Float32Array(0), pitch: new Float32Array(0) };
  private samples = new Float64Array(PITCH_WIN * 4);
  private filled = 0; // samples held, the first at sample ready * FRAME_HOP
  private odd: number | null = null; // a byte left over when a chunk ends mid-sample
  private readonly re = new Float64Array(FFT_SIZE);
  private readonly im = new Float64Array(FFT_SIZE);

  constructor(private readonly measurePitchAbove = -6) {}

  push(pcm: Buffer): void {
    let bytes = pcm;
    if (this.odd !== null) {
      bytes = Buffer.concat([Buffer.from([this.odd]), pcm]);
      this.odd = null;
    }
    if (bytes.length % 2) {
      this.odd = bytes[bytes.length - 1];
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    const n = bytes.length >> 1;
    if (this.filled + n > this.samples.length) {
      const grown = new Float64Array(Math.max(this.samples.length * 2, this.filled + n));
      grown.set(this.samples.subarray(0, this.filled));
      this.samples = grown;
    }
    for (let i = 0; i < n; i++) this.samples[this.filled + i] = bytes.readInt16LE(i * 2) / 32768;
    this.filled += n;
    let at = 0;
    while (at + PITCH_WIN <= this.filled) {
      this.reserve(this.ready + 1);
      analyseFrame(this.samples, at, PITCH_WIN, this.ready - this.base, this.store, this.re, this.im, this.measurePitchAbove);
      this.ready++;
      at += FRAME_HOP;
    }
    this.samples.copyWithin(0, at, this.filled);
    this.filled -= at;
  }

  /** Features of absolute frames [from, to) (clamped to those held), indexed from `from`. */
  view(from: number, to: number): FrameFeatures {
    const a = Math.max(from, this.base) - this.base;
    const b = Math.max(a, Math.min(to, this.ready) - this.base);
    return {
      count: b - a,
      energy: this.store.energy.subarray(a, b),
      cepstra: this.store.cepstra.subarray(a * CEPSTRA, b * CEPSTRA),
      pitch: this.store.pitch.subarray(a, b),
    };
  }

  /** Forgets frames before absolute index `frame`. */
  trim(frame: number): void {
    const drop = Math.min(frame, this.ready) - this.base;
    if (drop <= 0) return;
    const held = this.ready - this.base - drop;
    this.store.energy.copyWithin(0, drop, drop + held);
    this.store.cepstra.copyWithin(0, drop * CEPSTRA, (drop + held) * CEPSTRA);
    this.store.pitch.copyWithin(0, drop, drop + held);
    this.base += drop;
  }

  private reserve(absoluteEnd: number): void {
    const need = absoluteEnd - this.base;
    if (need <= this.store.energy.length) return;
    const size = Math.max(need, this.store.energy.length * 2, 1024);
    const grow = (a: Float32Array, per: number) => {
      const out = new Float32Array(size * per);
      out.set(a);
      return out;
    };
    this.store = { count: 0, energy: grow(this.store.energy, 1), cepstra: grow(this.store.cepstra, CEPSTRA), pitch: grow(this.store.pitch, 1) };
  }
}
