// Which attribute of an allergy item a schema property asks for (substance, category,
// allergy vs intolerance, severity, reactions), read from its keys, enum and item shape, and
// that attribute's value in the property's own type or enum.
import { allergyAttrs, categoryMember } from './allergy.ts';
import { splitKey } from './field-query.ts';
import type { Item } from './scan.ts';
import type { Ctx } from './scan.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';

type Out = { found: boolean; value: unknown };

const NAME = /^(text|name|substance|allergen|agent|display|code|drug|item|trigger)$/;
const REACTION = /^(reactions?|manifestations?|symptoms?|effects?|response)$/;

export function allergyProperty(ctx: Ctx, nav: SchemaNav, item: Item, keys: string[], node: SchemaNode, nested: (n: SchemaNode, suffix: string, more: string[]) => Out): Out | undefined {
  const own = splitKey(keys[keys.length - 1] ?? '');
  const parents = keys.slice(0, -1).flatMap(splitKey);
  const types = nav.types(node);
  const a = allergyAttrs(ctx, item);
  const found = (value: unknown): Out => (value === undefined ? { found: false, value: undefined } : { found: true, value });
  const itemEnum = types.has('array') ? nav.itemSchema(node).enum : undefined;
  const members: unknown[] | undefined = Array.isArray(node.enum) ? node.enum : Array.isArray(itemEnum) ? itemEnum : undefined;
  if (members) {
    const lower = members.map((m) => String(m).toLowerCase());
    const wrap = (v: unknown) => (v === undefined ? undefined : types.has('array') ? [v] : v);
    if (lower.includes('intolerance') && lower.includes('allergy')) return found(wrap(a.intolerance ? 'intolerance' : 'allergy'));
    if (lower.includes('severe') || lower.includes('mild')) return found(wrap(a.severity && members[lower.indexOf(a.severity)]));
    if (lower.some((m) => /^(food|medication|drug|environment|environmental)$/.test(m))) return found(wrap(a.category && categoryMember(members, a.category)));
    return undefined;
  }
  // A reaction written in parentheses after the item ("sulfa (hives)") is read by the walker.
  if (item.detail && own.some((w) => REACTION.test(w))) return undefined;
  if (own.some((w) => REACTION.test(w)) || (parents.some((w) => REACTION.test(w)) && own.some((w) => /^(text|description|display)$/.test(w)))) {
    if (types.has('string')) return found(a.reactions.length ? a.reactions.join(', ') : undefined);
    if (!types.has('array')) return undefined;
    const itemNode = nav.itemSchema(node);
    const itemTypes = nav.types(itemNode);
    if (itemTypes.has('string')) return found(a.reactions.length ? a.reactions : undefined);
    if (!itemNode.properties) return undefined;
    const props = Object.entries(itemNode.properties as Record<string, unknown>);
    const container = props.some(([k, p]) => splitKey(k).some((w) => REACTION.test(w) || w === 'severity') && k !== 'text' && nav.resolve(p) !== undefined);
    if (container) {
      if (!a.reactions.length && !a.severity) return found(undefined);
      return found([nested(itemNode, '/0', [])].map((r) => r.value));
    }
    const textKey = props.find(([, p]) => nav.types(nav.resolve(p)).has('string'))?.[0];
    if (!textKey || !a.reactions.length) return found(undefined);
    return found(a.reactions.map((r) => ({ [textKey]: r })));
  }
  if (types.has('string') && own.some((w) => NAME.test(w)) && parents.every((w) => NAME.test(w) || /^(coding|concept|codeable)$/.test(w))) return found(item.text);
  return undefined;
}
