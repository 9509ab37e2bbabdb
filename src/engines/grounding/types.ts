// Shapes shared by the grounding check: what kind of fact, where it was found, and the
// list of facts a model wrote that the source text does not support.
import type { Span } from '../ports.ts';

export type FactKind = 'medication' | 'dose' | 'vital' | 'allergy' | 'result' | 'diagnosis' | 'code';

/**
 * Finds a model's fact in the source text. Today it reads the transcript with the embedded
 * engine's lexicons; the Visit model can stand behind the same interface later.
 */
export interface Grounder {
  /** The span of the source that supports `text`, or null. `near` is a related fact's span
   * (a dose is looked for beside its drug). */
  locate(kind: FactKind, text: string, near?: Span): Span | null;
}

/** A fact the source does not support, listed in result metadata whatever the mode. */
export interface Ungrounded {
  /** Dotted JSON path (or "markdown") of the fact in the model's answer. */
  path: string;
  text: string;
  reason: string;
}

/** drop: unsupported facts are removed; flag: kept, and listed as ungrounded. */
export type GroundingMode = 'drop' | 'flag';
