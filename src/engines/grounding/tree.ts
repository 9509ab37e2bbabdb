// Grounding of every string in a JSON answer as prose (what the structured checks did not
// cover): drug names, doses and vitals inside free text are checked like any other fact.
import type { Span } from '../ports.ts';
import { groundProse } from './prose.ts';
import type { Grounder, GroundingMode, Ungrounded } from './types.ts';

export interface TreeCheck {
  ungrounded: Ungrounded[];
  /** Dotted path → the source spans that support it. */
  evidence: Record<string, { spans: Span[] }>;
}

/** Grounds string leaves in place; `skip` holds paths already checked. Empty strings left by dropping are removed. */
export function groundStrings(node: unknown, path: string, grounder: Grounder, mode: GroundingMode, skip: Set<string>, out: TreeCheck): unknown {
  if (skip.has(path)) return node;
  if (typeof node === 'string') {
    const checked = groundProse(node, path, grounder, mode);
    out.ungrounded.push(...checked.ungrounded);
    if (checked.spans.length) out.evidence[path] = { spans: checked.spans };
    return checked.text === '' && node.trim() !== '' ? undefined : checked.text;
  }
  if (Array.isArray(node)) {
    const items = node.map((item, i) => groundStrings(item, join(path, String(i)), grounder, mode, skip, out));
    return items.filter((item) => item !== undefined);
  }
  if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const value = groundStrings(obj[key], join(path, key), grounder, mode, skip, out);
      if (value === undefined) delete obj[key];
      else obj[key] = value;
    }
  }
  return node;
}

export function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
