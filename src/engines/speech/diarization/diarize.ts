// Who spoke when, without model weights: speech regions from the VAD are cut into short
// windows, each described by its average mel-cepstrum and median pitch, and the windows
// are grouped by k-means; the number of voices (1–4) comes from how well the groups separate
// (silhouette score) and, beyond two, from each group having a pitch of its own.
import { kmeans, silhouette } from './cluster.ts';
import { CEPSTRA, type FrameFeatures } from './features.ts';
import type { Region } from './vad.ts';

export interface SpeakerTurn {
  /** Seconds. */
  start: number;
  end: number;
  speaker: number;
}

export interface Diarization {
  speakers: number;
  turns: SpeakerTurn[];
}

export interface DiarizeOptions {
  maxSpeakers?: number;
  /** Silhouette a grouping must reach to count as more than one voice. */
  minSeparation?: number;
  /** Three or more voices must each differ from the others by this much in median pitch
   * (two voices closer than this need a silhouette of at least 0.45). */
  minPitchGapSemitones?: number;
  /** Window length in frames (10 ms each). */
  windowFrames?: number;
}

const FRAME_SEC = 0.01;
/** How much more the log pitch weighs than one cepstral coefficient, after z-scoring. */
export const PITCH_WEIGHT = 2.5;

interface Window {
  start: number;
  end: number;
  region: number;
}

export function diarize(features: FrameFeatures, regions: Region[], options: DiarizeOptions = {}): Diarization {
  const maxSpeakers = Math.min(4, Math.max(1, options.maxSpeakers ?? 4));
  const minSeparation = options.minSeparation ?? 0.3;
  const minPitchGap = options.minPitchGapSemitones ?? 2.5;
  const clearSeparation = Math.max(minSeparation, 0.45);
  const target = options.windowFrames ?? 150;
  const windows: Window[] = [];
  regions.forEach((r, region) => {
    const pieces = Math.max(1, Math.round((r.end - r.start) / target));
    const size = (r.end - r.start) / pieces;
    for (let p = 0; p < pieces; p++) {
      windows.push({ start: Math.round(r.start + p * size), end: Math.round(r.start + (p + 1) * size), region });
    }
  });
  if (windows.length === 0) return { speakers: 0, turns: [] };
  const points = windows.map((w) => describe(features, w));
  const logPitch = points.map((p) => p[CEPSTRA]);
  const weights = windows.map((w) => w.end - w.start);
  normalise(points);
  let labels: Int32Array = new Int32Array(windows.length);
  let speakers = 1;
  if (windows.length >= 4 && maxSpeakers > 1) {
    // Two voices: the best-separated grouping (silhouette) when it is clearly separated.
    // More than two: only when every voice also has its own pitch and is heard for a while,
    // since k-means splits one varied voice into two groups about as well as a silhouette
    // can tell.
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let bestTwo = -Infinity;
    for (let k = 2; k <= Math.min(maxSpeakers, windows.length - 1); k++) {
      const candidate = kmeans(points, k, weights);
      const mass = new Float64Array(k);
      candidate.forEach((label, i) => (mass[label] += weights[i]));
      // A "voice" heard for a sliver of the recording is more likely noise or a cough.
      if (Math.min(...mass) < totalWeight * 0.04) continue;
      const score = silhouette(points, candidate, k);
      if (score < minSeparation) continue;
      const gap = minGapSemitones(logPitch, candidate, k);
      if (k === 2) {
        // Two groups at one pitch must be very well separated by timbre alone.
        if (gap < minPitchGap && score < clearSeparation) continue;
        bestTwo = score;
        labels = candidate;
        speakers = 2;
      } else if (bestTwo > -Infinity && gap >= minPitchGap && isSubstantial(candidate, k, weights, totalWeight)) {
        labels = candidate;
        speakers = k;
      }
    }
  }
  labels = smooth(labels, windows);
  return { speakers, turns: toTurns(windows, labels) };
}

/** Every group holds at least 3 windows and a tenth of the speech: a third or fourth voice
 * must be heard for more than a sentence before it counts. */
function isSubstantial(labels: Int32Array, k: number, weights: number[], totalWeight: number): boolean {
  const count = new Float64Array(k);
  const mass = new Float64Array(k);
  labels.forEach((label, i) => {
    count[label]++;
    mass[label] += weights[i];
  });
  return Math.min(...count) >= 3 && Math.min(...mass) >= totalWeight * 0.1;
}

/** Smallest difference, in semitones, between the median pitches of any two groups. */
function minGapSemitones(logPitch: number[], labels: Int32Array, k: number): number {
  const medians: number[] = [];
  for (let c = 0; c < k; c++) {
    const values = logPitch.filter((p, i) => labels[i] === c && Number.isFinite(p)).sort((a, b) => a - b);
    if (values.length === 0) return 0;
    medians.push(values[values.length >> 1]);
  }
  let gap = Infinity;
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) gap = Math.min(gap, Math.abs(medians[a] - medians[b]) * 12);
  return gap;
}

/** Mean cepstrum over the window's louder frames, plus log2 median pitch (NaN if unvoiced):
 * CEPSTRA + 1 numbers. */
export function describe(features: FrameFeatures, w: { start: number; end: number }): Float64Array {
  let peak = -Infinity;
  for (let f = w.start; f < w.end; f++) peak = Math.max(peak, features.energy[f]);
  const v = new Float64Array(CEPSTRA + 1);
  let used = 0;
  const pitches: number[] = [];
  for (let f = w.start; f < w.end; f++) {
    if (features.energy[f] < peak - 2.5) continue;
    for (let c = 0; c < CEPSTRA; c++) v[c] += features.cepstra[f * CEPSTRA + c];
    used++;
    if (features.pitch[f] > 0) pitches.push(features.pitch[f]);
  }
  for (let c = 0; c < CEPSTRA; c++) v[c] /= Math.max(1, used);
  pitches.sort((a, b) => a - b);
  v[CEPSTRA] = pitches.length ? Math.log2(pitches[pitches.length >> 1]) : NaN;
  return v;
}

/** Z-scores every dimension; windows without pitch take the mean; pitch weighs more. */
function normalise(points: Float64Array[]): void {
  const dims = points[0].length;
  for (let d = 0; d < dims; d++) {
    const values = points.map((p) => p[d]).filter((x) => Number.isFinite(x));
    const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length)) || 1;
    const weight = d === dims - 1 ? PITCH_WEIGHT : 1;
    for (const p of points) p[d] = Number.isFinite(p[d]) ? ((p[d] - mean) / sd) * weight : 0;
  }
}

/** A lone window whose neighbours in the same region agree with each other takes their label. */
function smooth(labels: Int32Array, windows: Window[]): Int32Array {
  const out = Int32Array.from(labels);
  for (let i = 1; i < labels.length - 1; i++) {
    const same = windows[i - 1].region === windows[i].region && windows[i + 1].region === windows[i].region;
    if (same && labels[i - 1] === labels[i + 1] && labels[i] !== labels[i - 1]) out[i] = labels[i - 1];
  }
  return out;
}

/** Merges neighbouring windows of one voice; speakers are numbered by first appearance. */
function toTurns(windows: Window[], labels: Int32Array): SpeakerTurn[] {
  const renumber = new Map<number, number>();
  const turns: SpeakerTurn[] = [];
  windows.forEach((w, i) => {
    if (!renumber.has(labels[i])) renumber.set(labels[i], renumber.size);
    const speaker = renumber.get(labels[i])!;
    const last = turns[turns.length - 1];
    const start = w.start * FRAME_SEC;
    if (last && last.speaker === speaker && start - last.end < 1.0) last.end = w.end * FRAME_SEC;
    else turns.push({ start, end: w.end * FRAME_SEC, speaker });
  });
  return turns;
}

/** The speaker talking at `time` (seconds): the turn containing it, else the nearest one. */
export function speakerAt(turns: SpeakerTurn[], time: number): number {
  let best = 0;
  let bestGap = Infinity;
  for (const t of turns) {
    const gap = time < t.start ? t.start - time : time > t.end ? time - t.end : 0;
    if (gap < bestGap) {
      bestGap = gap;
      best = t.speaker;
      if (gap === 0) break;
    }
  }
  return best;
}
