// The state one text-to-JSON fill carries: the text's context, the schema, the generator for
// values the text does not give, and what was found or not found where.
import type { GenContext } from './gen-context.ts';
import type { Ctx } from './scan.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';

export interface Evidence {
  path: string;
  start: number;
  end: number;
}

export interface Walker {
  ctx: Ctx;
  nav: SchemaNav;
  /** Builds the smallest valid value where the text gives none. */
  gen: GenContext;
  evidence: Evidence[];
  notFound: string[];
  /** Fill calls so far: recursive schemas (a property whose anyOf includes "#") are bounded by it. */
  steps?: number;
  /** Schema nodes being filled on the current path. */
  active?: Set<SchemaNode>;
  /** Set by an object for the one date-formatted property it has. */
  soleDate?: boolean;
}
