// Which attribute of a problem (or condition) item a schema property asks for: its name,
// ICD-10-CM code, status, whether it is uncertain, and the tests, drugs and referrals of its
// plan; the value in the property's own type or enum.
import { assertionsFor } from '../context/index.ts';
import { splitKey } from './field-query.ts';
import type { Item } from './scan.ts';
import { codeOf, problemAttrs } from './problems.ts';
import type { Ctx } from './scan.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';
import { sentenceOf } from './text-doc.ts';

type Out = { found: boolean; value: unknown };

const NAME = /^(problem|name|condition|diagnosis|description|text|title|dx|display|label)$/;
const CODE = /^(icd|icd10|icd10cm|code|cm|codes)$/;
const LISTS: [RegExp, 'tests' | 'medications' | 'referrals'][] = [
  [/^(tests?|imaging|labs?|orders?|diagnostics?|workup|investigations?)$/, 'tests'],
  [/^(medications?|meds?|drugs?|treatments?|prescriptions?|rx)$/, 'medications'],
  [/^(referrals?|consults?|consultations?|refer)$/, 'referrals'],
];

export function problemProperty(ctx: Ctx, nav: SchemaNav, item: Item, keys: string[], node: SchemaNode): Out | undefined {
  const own = splitKey(keys[keys.length - 1] ?? '');
  const types = nav.types(node);
  const desc = `${node.title ?? ''} ${node.description ?? ''}`;
  const found = (value: unknown): Out => (value === undefined || value === null || (Array.isArray(value) && !value.length) ? { found: false, value: undefined } : { found: true, value });
  const attrs = () => (item.domain === 'problem' ? problemAttrs(ctx, item) : undefined);
  if (types.has('string') && !node.enum && (own.some((w) => CODE.test(w)) || /\bICD/.test(desc))) {
    return found(attrs()?.code ?? codeOf(item.text));
  }
  if (types.has('boolean') && own.some((w) => /^(uncertain|possible|suspected|probable|provisional|unconfirmed)$/.test(w))) {
    return found(assertionsFor(ctx.doc.text, item.span, sentenceOf(ctx.doc, item.span.start)).uncertain);
  }
  const a = attrs();
  if (!a) return undefined;
  if (Array.isArray(node.enum) && own.includes('status')) return found(node.enum.find((m) => typeof m === 'string' && m.toLowerCase() === a.status));
  if (types.has('string') && !node.enum && own.some((w) => NAME.test(w))) return found(item.text);
  if (types.has('array') && nav.types(nav.itemSchema(node)).has('string')) {
    const list = LISTS.find(([re]) => own.some((w) => re.test(w)))?.[1];
    if (list) return found(a[list]);
  }
  return undefined;
}
