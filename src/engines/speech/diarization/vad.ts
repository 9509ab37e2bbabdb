// Energy-based voice activity detection with a threshold that adapts to the recording's
// own noise floor. Pure digital silence and steady noise yield no speech at all.
import type { FrameFeatures } from './features.ts';

export interface Region {
  /** Frame indexes, end exclusive (one frame = 10 ms). */
  start: number;
  end: number;
}

export interface VadOptions {
  /** Quietest level that can be speech, log10 of mean square (-5.5 ≈ -55 dBFS). */
  absoluteFloor?: number;
  minSpeechFrames?: number;
  /** Pauses shorter than this are bridged (words inside one phrase). */
  bridgeFrames?: number;
  padFrames?: number;
}

export function detectSpeech(features: FrameFeatures, options: VadOptions = {}): Region[] {
  const { count, energy } = features;
  if (count === 0) return [];
  const absoluteFloor = options.absoluteFloor ?? -5.5;
  const minSpeech = options.minSpeechFrames ?? 15;
  const bridge = options.bridgeFrames ?? 25;
  const pad = options.padFrames ?? 5;
  const sorted = Float32Array.from(energy).sort();
  const floor = sorted[Math.floor(count * 0.1)];
  const loud = sorted[Math.floor(count * 0.95)];
  // Speech sits well above the floor; 1.2 decades is ~12 dB.
  const threshold = Math.max(absoluteFloor, floor + Math.max(1.0, 0.35 * (loud - floor)));
  if (loud < threshold) return [];
  const regions: Region[] = [];
  let start = -1;
  for (let f = 0; f <= count; f++) {
    const active = f < count && energy[f] >= threshold;
    if (active && start < 0) start = f;
    if (!active && start >= 0) {
      const last = regions[regions.length - 1];
      if (last && start - last.end <= bridge) last.end = f;
      else regions.push({ start, end: f });
      start = -1;
    }
  }
  return regions
    .filter((r) => r.end - r.start >= minSpeech)
    .map((r) => ({ start: Math.max(0, r.start - pad), end: Math.min(count, r.end + pad) }));
}
