// Shape of one style's hand-written cases: schemas by name, and per case the source text
// reference (see build.ts) and the gold answer written by reading that text.
export interface AuthoredCase {
  id: string;
  src: string;
  schema: string;
  gold: Record<string, unknown>;
  /** Excerpt: first line containing `from` through the first later line containing `to`. */
  from?: string;
  to?: string;
  /** A letter or form rewritten by hand from the source (replaces the source text). */
  text?: string;
}

export interface Authored {
  schemas: Record<string, Record<string, unknown>>;
  cases: AuthoredCase[];
}
