// Which pass-1 words an unsupervised speaker adaptation may learn from: runs of words the
// decoder was confident about, spoken without a pause, so the adaptation aligns audio to
// words that are probably right and never across a silence the transcript does not name.
import type { RecognizedWord } from '../pocketsphinx/output.ts';

export interface Stretch {
  /** Seconds in the recording. */
  start: number;
  end: number;
  words: string[];
}

export interface StretchOptions {
  /** Posterior a word needs to be trusted (0..1). */
  minConfidence?: number;
  /** Fewest words in a run. */
  minWords?: number;
  /** A longer pause (seconds) between two words ends the run. */
  maxGap?: number;
}

export const STRETCH_DEFAULTS: Required<StretchOptions> = { minConfidence: 0.6, minWords: 2, maxGap: 0.15 };

/** `words` in time order, all from one speaker. */
export function confidentStretches(words: RecognizedWord[], options: StretchOptions = {}): Stretch[] {
  const { minConfidence, minWords, maxGap } = { ...STRETCH_DEFAULTS, ...options };
  const stretches: Stretch[] = [];
  let run: RecognizedWord[] = [];
  const close = () => {
    if (run.length >= minWords) stretches.push({ start: run[0].start, end: run[run.length - 1].end, words: run.map((w) => w.word) });
    run = [];
  };
  for (const word of words) {
    const last = run[run.length - 1];
    if (last && word.start - last.end > maxGap) close();
    if (word.confidence >= minConfidence) run.push(word);
    else close();
  }
  close();
  return stretches;
}

export function stretchSeconds(stretches: Stretch[]): number {
  return stretches.reduce((sum, s) => sum + s.end - s.start, 0);
}
