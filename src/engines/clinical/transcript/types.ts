// Shapes of a read transcript: turns and sentences with spans into the submitted text.
import type { Span } from '../../ports.ts';

export type SpeakerRole = 'clinician' | 'patient' | 'family' | 'unknown';

export interface Sentence {
  /** Characters of the submitted text this sentence came from. */
  span: Span;
  /** The sentence as said, fillers and false starts removed, lower-cased spacing kept. */
  text: string;
  role: SpeakerRole;
  /** Index of the speaker turn it belongs to. */
  turn: number;
  question: boolean;
}

export interface Turn {
  label: string;
  role: SpeakerRole;
  span: Span;
  sentences: Sentence[];
}

export interface Transcript {
  turns: Turn[];
  sentences: Sentence[];
  format: 'labelled' | 'webvtt' | 'transcription-json' | 'unlabelled';
}
