// Filling one property of a list item by its role: a drug item's name, dose, unit, route,
// frequency, as-needed, indication, change and status (med-roles.ts), and the nested
// objects of such an item (FHIR's dosage.doseQuantity.value) with the item kept; an
// allergy item's substance, category, type, severity and reactions (allergy-roles.ts).
import { allergyProperty } from './allergy-roles.ts';
import type { FamilyItem } from './family.ts';
import { splitKey } from './field-query.ts';
import type { Item } from './scan.ts';
import { problemProperty } from './problem-roles.ts';
import { roleOf, roleValue } from './med-roles.ts';
import type { SchemaNode } from './schema-nav.ts';
import type { Walker } from './walker.ts';

type Out = { found: boolean; value: unknown };

/**
 * The value of property `keys` (path from the item object) of a drug item, `{found:false}`
 * when it has a role the text is silent on, or undefined when the ordinary walk should fill it.
 */
export function itemProperty(w: Walker, item: Item, keys: string[], raw: unknown, path: string, nested: (node: SchemaNode, suffix: string, more: string[]) => Out): Out | undefined {
  if (!item.domain || item.domain === 'symptom' || item.domain === 'tolerated') return undefined;
  const node = w.nav.resolve(raw);
  const types = w.nav.types(node);
  if (item.domain === 'problem' || item.domain === 'condition') {
    const r = problemProperty(w.ctx, w.nav, item, keys, node);
    if (r || item.domain === 'condition' || !(types.has('object') && node.properties)) return r;
    return nested(node, '', []);
  }
  if (item.domain === 'family') return familyProperty(item as FamilyItem, keys, node, types);
  if (item.domain === 'allergy') {
    const r = allergyProperty(w.ctx, w.nav, item, keys, node, nested);
    if (r || !(types.has('object') && node.properties)) return r;
  }
  if (types.has('object') && node.properties && !Array.isArray(node.enum)) return nested(node, '', []);
  if (item.domain !== 'drug') return undefined;
  const role = roleOf(keys, node, w.nav);
  if (!role) return undefined;
  const value = roleValue(w.ctx, role, item, node, w.nav, keys[keys.length - 1]!);
  if (value === undefined) return { found: false, value: undefined };
  if (role === 'name') w.evidence.push({ path, start: item.span.start, end: item.span.end });
  return { found: true, value };
}

/** A family-history item's relative, condition or vital status. */
function familyProperty(item: FamilyItem, keys: string[], node: SchemaNode, types: Set<string>): Out | undefined {
  const own = splitKey(keys[keys.length - 1] ?? '');
  const found = (value: unknown): Out => (value === undefined || value === null ? { found: false, value: undefined } : { found: true, value });
  if (own.some((w) => /^(relative|relation|relationship|member|who|kin|relatives)$/.test(w))) {
    if (!item.relative) return found(undefined);
    if (!Array.isArray(node.enum)) return found(item.relative);
    const plain = item.relative.replace(/^(maternal|paternal) /, '');
    return found(node.enum.find((m) => typeof m === 'string' && (m.toLowerCase() === item.relative || m.toLowerCase() === plain)));
  }
  if (types.has('boolean') && own.some((w) => /^(deceased|died|dead|passed|death)$/.test(w))) return found(item.deceased);
  if (types.has('boolean') && own.some((w) => /^(alive|living)$/.test(w))) return found(item.deceased === null ? undefined : !item.deceased);
  if (types.has('string') && !node.enum && own.some((w) => /^(condition|diagnosis|disease|problem|illness|name|text|description|conditions)$/.test(w))) return found(item.text);
  return undefined;
}
