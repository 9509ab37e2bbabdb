// What every finder of the text-to-JSON engine reads and returns: the analysed text with
// its lexicons and mentions (Ctx), a value found with its span (Found), an item of a list
// field (Item), and the token search they share. A leaf: finders import it, it imports none.
import type { Lexicons } from './lexicons.ts';
import type { DateMention, NumberMention } from './mentions.ts';
import type { Doc, Range } from './text-doc.ts';

export interface Ctx {
  doc: Doc;
  lex: Lexicons;
  numbers: NumberMention[];
  dates: DateMention[];
}

export interface Found<T> {
  value: T;
  span: Range;
}

export type Domain = 'drug' | 'allergy' | 'tolerated' | 'family' | 'problem' | 'symptom' | 'condition';

export interface Item {
  text: string;
  span: Range;
  /** Where this item's details may be read. */
  scope: Range;
  negated: boolean;
  /** What the text says about the item right after it: "sulfa (hives)", "latex - rash". */
  detail?: Range;
  /** The kind of list it was found for: a drug item's attributes are read by role (med-roles.ts). */
  domain?: Domain;
}

/** Index of the first token starting at or after `pos` (binary search). */
export function firstToken(ctx: Ctx, pos: number): number {
  let lo = 0;
  let hi = ctx.doc.tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ctx.doc.tokens[mid].start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
