// Which attribute of a medication item a schema property asks for (its role), read from the
// property's path of keys inside the item, its description and its enum, never from one
// field name; and the value of that role rendered in the property's own type or enum.
import { splitKey } from './field-query.ts';
import { type MedAttrs, medAttrs } from './med-attrs.ts';
import { medVocab, memberFor, membersOf } from './med-vocab.ts';
import type { Ctx } from './scan.ts';
import type { SchemaNav, SchemaNode } from './schema-nav.ts';
import type { Item } from './scan.ts';
import { convert } from './units.ts';

export type Role = 'name' | 'dose' | 'previousDose' | 'unit' | 'route' | 'frequency' | 'asNeeded' | 'indication' | 'change' | 'status';

const NAME_WORDS = /^(name|nm|drug|medication|medicine|med|text|display|product|agent)$/;
const PARENT_OF_NAME = /^(medication|medicine|drug|product|med|code|concept|codeable)$/;

/** The role of a property at `keys` (path of keys from the item object) with schema `node`. */
export function roleOf(keys: string[], node: SchemaNode, nav: SchemaNav): Role | undefined {
  const own = splitKey(keys[keys.length - 1] ?? '');
  const parents = keys.slice(0, -1).flatMap(splitKey);
  const desc = `${node.title ?? ''} ${node.description ?? ''}`.toLowerCase();
  const words = new Set([...own, ...desc.split(/[^a-z]+/)]);
  const types = nav.types(node);
  const members = Array.isArray(node.enum) ? node.enum : undefined;
  const v = medVocab();
  if (types.has('boolean')) return own.some((w) => /^(prn|needed)$/.test(w)) || /as needed|prn/.test(desc) ? 'asNeeded' : undefined;
  if (members) {
    const real = members.filter((m) => m !== null);
    const share = (n: number) => n >= Math.min(2, real.length) && n > 0;
    if (share(membersOf(real, v.status, {})) && real.some((m) => /^active$/i.test(String(m)))) return 'status';
    if (share(membersOf(real, v.change, {})) && real.length <= 12) return 'change';
    if (share(membersOf(real, v.frequency, v.codeAliases))) return 'frequency';
    if (share(membersOf(real, v.route, v.codeAliases))) return 'route';
    if (share(membersOf(real, v.doseUnit, v.codeAliases))) return 'unit';
    return undefined;
  }
  if (own.some((w) => /^(route|rte)$/.test(w))) return 'route';
  if (own.some((w) => /^(frequency|freq|timing|sig|schedule|often)$/.test(w))) return 'frequency';
  if (own.some((w) => /^(indication|ind|reason|purpose|for)$/.test(w)) || parents.some((w) => /^(reason|indication)$/.test(w))) return 'indication';
  if (own.some((w) => /^unit$|^units$/.test(w))) return 'unit';
  const aboutDose = [...own, ...parents].some((w) => /^(dose|dosage|strength|amount|quantity)$/.test(w)) || /\bdose\b|\bstrength\b/.test(desc);
  if (aboutDose && (own.some((w) => /^(previous|prior|old|before|former|from)$/.test(w)) || /\bbefore\b|\bprevious\b|\bprior\b/.test(desc))) return 'previousDose';
  if (aboutDose && !own.some((w) => /^(quantity|qty|dispense|count|refills?)$/.test(w) && !parents.length)) return 'dose';
  if (types.has('string') && own.some((w) => NAME_WORDS.test(w)) && (parents.length === 0 || parents.some((w) => PARENT_OF_NAME.test(w)))) return 'name';
  if (types.has('string') && words.has('drug') && /\bname\b/.test(desc)) return 'name';
  return undefined;
}

/** The value for a role, in the property's type or enum; undefined when the text is silent. */
export function roleValue(ctx: Ctx, role: Role, item: Item, node: SchemaNode, nav: SchemaNav, key: string): unknown {
  const a: MedAttrs = medAttrs(ctx, item.text, item.span);
  const v = medVocab();
  const members = Array.isArray(node.enum) ? node.enum : undefined;
  const types = nav.types(node);
  switch (role) {
    case 'name':
      return item.text;
    case 'asNeeded':
      return a.asNeeded;
    case 'indication':
      return a.indication;
    case 'frequency':
      if (!a.frequency) return undefined;
      return members ? memberFor(members, v.frequency, a.frequency.code, v.frequencyFallback, v.codeAliases) : a.frequency.text;
    case 'route':
      if (!a.route) return undefined;
      return members ? memberFor(members, v.route, a.route, {}, v.codeAliases) : ROUTE_WORD[a.route];
    case 'unit':
      if (!a.unit) return undefined;
      return members ? memberFor(members, v.doseUnit, a.unit.code, {}, v.codeAliases) : UNIT_WORD[a.unit.code] ?? a.unit.text;
    case 'change': {
      const code = a.change ?? 'CONTINUE';
      return members ? memberFor(members, v.change, code, v.changeFallback, {}) : undefined;
    }
    case 'status': {
      const code = a.change ?? 'CONTINUE';
      const wanted = v.statusOf[code] ?? ['ACTIVE'];
      return members ? memberFor(members, v.status, wanted[0], { [wanted[0]]: wanted.slice(1) }, {}) : undefined;
    }
    case 'dose':
    case 'previousDose': {
      const n = role === 'dose' ? a.dose : a.previousDose;
      if (!n) return undefined;
      if (types.has('number') || types.has('integer')) {
        const target = /mg\b|milligram/i.test(`${key} ${node.description ?? ''}`) ? 'mg' : /mcg\b|microgram/i.test(`${key} ${node.description ?? ''}`) ? 'mcg' : undefined;
        const value = convert(n.value, n.unit, target, ctx.lex);
        return value === undefined ? undefined : Math.round(value * 1000) / 1000;
      }
      return types.has('string') ? ctx.doc.text.slice(n.start, n.end) + (n.unit ? '' : a.unit ? ` ${a.unit.text}` : '') : undefined;
    }
  }
}

const ROUTE_WORD: Record<string, string> = { PO: 'oral', TOP: 'topical', INH: 'inhaled', NASAL: 'nasal', SC: 'subcutaneous', IV: 'intravenous', IM: 'intramuscular' };
const UNIT_WORD: Record<string, string> = { MG: 'mg', MCG: 'mcg', G: 'g', UNITS: 'units', TAB: 'tablet', PUFF: 'puff', ML: 'mL', PCT: '%' };
