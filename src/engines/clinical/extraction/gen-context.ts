// What building a smallest instance carries along (the schema, its limits, format checks,
// work done) and its two outcomes besides a value: nothing buildable, or a refusal.
import type { SchemaLimits } from './schema-limits.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';

export const NO_VALUE: unique symbol = Symbol('no value');
export type Made = unknown | typeof NO_VALUE;

/** A schema the service will not build an instance of; the message names keyword and path. */
export class SchemaRefusal extends Error {}

export interface GenContext {
  nav: SchemaNav;
  limits: SchemaLimits;
  /** Checks a string against a named format (Ajv's own format checks); true when unknown. */
  formatOk(format: string, value: string): boolean;
  work: number;
  /** Where building first ran past the depth or recursion cap: evidence of a recursion through required. */
  deepest?: string;
  /** How often each schema node is being built on the current path. */
  active?: Map<SchemaNode, number>;
}
