// The least-committal value a subschema accepts, used where the text says nothing and the
// schema still demands a value: a constant, null when allowed, a neutral enum option
// ("unknown", "other"), a default that fits, else the smallest instance (generate.ts).
import { generate, type GenContext, NO_VALUE } from './generate.ts';
import { quickCheck } from './quick-check.ts';
import type { SchemaNav } from './schema-nav.ts';
import { schemaLimits } from './schema-limits.ts';

const NEUTRAL_ENUM = /^(unknown|not specified|unspecified|not stated|not mentioned|none|n\/?a|other)$/i;

export function leastValue(g: GenContext, raw: unknown, path = ''): unknown {
  // A copy: callers place and then mutate it; the schema's own const/enum/default must stay intact.
  return structuredClone(least(g, raw, path));
}

/**
 * The same, for callers outside the engine that have a schema but no compiled context (the
 * grounding check): formats are not checked here, so such a caller validates what it places.
 */
export function leastValueIn(nav: SchemaNav, raw: unknown): unknown {
  return leastValue({ nav, limits: schemaLimits(), work: 0, formatOk: () => true }, raw);
}

function least(g: GenContext, raw: unknown, path: string): unknown {
  const node = g.nav.resolve(raw);
  if (node.const !== undefined) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) {
    if (node.enum.includes(null) && quickCheck(g.nav, node, null)) return null;
    const neutral = node.enum.find((v) => typeof v === 'string' && NEUTRAL_ENUM.test(v));
    if (neutral !== undefined && quickCheck(g.nav, node, neutral)) return neutral;
  }
  if (node.default !== undefined && quickCheck(g.nav, node, node.default)) return node.default;
  if (g.nav.allowsNull(node) && quickCheck(g.nav, node, null)) return null;
  const made = generate(g, raw, path);
  return made === NO_VALUE ? null : made;
}
