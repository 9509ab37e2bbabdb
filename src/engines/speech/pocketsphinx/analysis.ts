// Where there is speech and who speaks when: the CPU-heavy half of a transcription (frame
// features, voice activity, speaker turns). The service runs it in the engine thread pool;
// without a pool (tools, tests of the engine alone) it runs inline.
import type { PcmSource } from '../audio/decode.ts';
import { diarize, type SpeakerTurn } from '../diarization/diarize.ts';
import { extractFeatures } from '../diarization/features.ts';
import { detectSpeech, type Region } from '../diarization/vad.ts';

/** The part of a PcmSource that crosses a thread boundary. */
export type PcmRange = Pick<PcmSource, 'path' | 'offset' | 'bytes' | 'durationSec'>;

export interface SpeechAnalysis {
  /** Number of 10 ms frames. */
  frames: number;
  regions: Region[];
  turns: SpeakerTurn[];
}

export type SpeechAnalyser = (source: PcmRange, maxSpeakers?: number) => Promise<SpeechAnalysis>;

export const analyseInline: SpeechAnalyser = async (range, maxSpeakers) => {
  const features = await extractFeatures({ ...range, dispose: async () => {} });
  const regions = detectSpeech(features);
  if (regions.length === 0) return { frames: features.count, regions, turns: [] };
  const { turns } = diarize(features, regions, { maxSpeakers });
  return { frames: features.count, regions, turns };
};
