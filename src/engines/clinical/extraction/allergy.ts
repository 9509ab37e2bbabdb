// Allergies as list items: substances named after an allergy cue ("allergic to sulfa drugs,
// penicillin, and some mycins", "latex allergy"), or named in the answer to "Any allergies?";
// substances tolerated ("tolerated cephalosporins without problems"); and what the text says
// of each allergen: reactions, severity, allergy vs intolerance, and the kind of substance.
import { readFileSync } from 'node:fs';
import { answerTo } from './answer.ts';
import { assertionOf } from './assertion.ts';
import { firstToken, type Item } from './scan.ts';
import { findPhrases } from './locate.ts';
import type { Ctx } from './scan.ts';
import { type Range, sentenceOf, stems } from './text-doc.ts';
import { escapeRegExp } from '../language/data.ts';

interface Vocab {
  cue: RegExp;
  cueAfter: RegExp;
  listStop: RegExp;
  determiners: RegExp;
  notAllergen: RegExp;
  intolerance: RegExp;
  tolerated: RegExp;
  reactions: RegExp;
  severity: [string, RegExp][];
  category: [string, RegExp][];
  categoryAliases: Record<string, string>;
}

let cached: Vocab | undefined;

function vocab(): Vocab {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(new URL('./allergy-vocab.json', import.meta.url), 'utf8'));
  const words = [...(raw.reactions as string[])].sort((a, b) => b.length - a.length).map(escapeRegExp);
  cached = {
    cue: new RegExp(raw.cue, 'gi'),
    cueAfter: new RegExp(raw.cueAfter, 'gi'),
    listStop: new RegExp(raw.listStop, 'i'),
    determiners: new RegExp(raw.determiners, 'i'),
    notAllergen: new RegExp(raw.notAllergen, 'i'),
    intolerance: new RegExp(raw.intolerance, 'i'),
    tolerated: new RegExp(raw.tolerated, 'gi'),
    reactions: new RegExp(`\\b(?:${words.join('|')})\\b`, 'gi'),
    severity: (raw.severity as [string, string][]).map(([k, re]) => [k, new RegExp(re, 'i')]),
    category: (raw.category as [string, string][]).map(([k, re]) => [k, new RegExp(re, 'i')]),
    categoryAliases: raw.categoryAliases,
  };
  return cached;
}

const BESIDES = /\b(?:besides|other than|apart from|except)\s+$/i;

/** The allergens of `scope`, one item per substance (first spelling kept). */
export function allergyItems(ctx: Ctx, scope: Range): Item[] {
  const v = vocab();
  const text = ctx.doc.text;
  const out: Item[] = [];
  const add = (start: number, end: number, checked: boolean) => {
    let s = start;
    let e = end;
    while (s < e && /[\s,]/.test(text[s]!)) s++;
    while (e > s && /[\s,.]/.test(text[e - 1]!)) e--;
    const det = v.determiners.exec(text.slice(s, e));
    if (det) s += det[0].length;
    const name = text.slice(s, e);
    if (name.length < 3 || v.notAllergen.test(name) || name.split(/\s+/).length > 4) return;
    if (checked) {
      const a = assertionOf(ctx.doc, { start: s, end: e });
      if (a.negated || a.hypothetical || a.unanswered || a.otherPerson) return;
    }
    if (out.some((i) => i.text.toLowerCase() === name.toLowerCase())) return;
    const sentence = sentenceOf(ctx.doc, s);
    out.push({ text: name, span: { start: s, end: e }, scope: { start: s, end: Math.max(e, Math.min(scope.end, sentence.end)) }, negated: false, domain: 'allergy', detail: parenthesis(text, e) });
  };
  const region = text.slice(scope.start, scope.end);
  for (const m of region.matchAll(v.cue)) {
    const from = scope.start + m.index! + m[0].length;
    const rest = text.slice(from, Math.min(scope.end, from + 160));
    const stop = v.listStop.exec(rest);
    const list = rest.slice(0, stop ? stop.index : rest.length);
    const besides = BESIDES.test(m[0]);
    let at = from;
    for (const piece of list.split(/(,|\bor\b|\band\b|\/)/)) {
      if (!/^(,|or|and|\/)$/.test(piece)) add(at, at + piece.length, !besides);
      at += piece.length;
    }
  }
  for (const m of region.matchAll(v.cueAfter)) {
    const end = scope.start + m.index!;
    const before = /([A-Za-z][A-Za-z-]{2,30})$/.exec(text.slice(Math.max(scope.start, end - 32), end));
    if (before && !/^(drug|food|seasonal|no|any|known|other|severe|mild|an|my|his|her)$/i.test(before[1]!)) add(end - before[1]!.length, end, true);
  }
  answeredDrugs(ctx, scope, add);
  return out.sort((a, b) => a.span.start - b.span.start);
}

/** "Doctor: Any allergies? / Patient: … Oh Lortab.": drug names in a yes-answer to an allergy question. */
function answeredDrugs(ctx: Ctx, scope: Range, add: (s: number, e: number, checked: boolean) => void): void {
  for (const hit of findPhrases(ctx.doc, [['allergy'], ['allerg'], ['allergi']], scope)) {
    const line = lineOf(ctx, hit.start);
    if (!/\?\s*$/.test(ctx.doc.text.slice(hit.end, line.end))) continue;
    if (answerTo(ctx.doc, hit, undefined, false) !== 'yes') continue;
    const turn = lineOf(ctx, line.end + 1);
    const tokens = ctx.doc.tokens;
    for (let i = firstToken(ctx, turn.start); i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.end > turn.end) break;
      if (ctx.lex.drugs.phrases.has(t.stem)) add(t.start, t.end, false);
    }
  }
}

/** "codeine (vomiting)": what the text says in parentheses right after the allergen; a severity alone is no reaction. */
function parenthesis(text: string, from: number): Range | undefined {
  const m = /^\s*\(\s*([^()]{2,60}?)\s*\)/.exec(text.slice(from, from + 80));
  if (!m || vocab().severity.some(([, re]) => new RegExp(`^(?:${re.source})$`, 'i').test(m[1]!))) return undefined;
  const start = from + m[0].indexOf(m[1]!);
  return { start, end: start + m[1]!.length };
}

function lineOf(ctx: Ctx, at: number): Range {
  const text = ctx.doc.text;
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, end: end === -1 ? text.length : end };
}

/** Substances documented as taken without reaction. */
export function toleratedItems(ctx: Ctx, scope: Range): Item[] {
  const out: Item[] = [];
  const text = ctx.doc.text;
  for (const m of text.slice(scope.start, scope.end).matchAll(vocab().tolerated)) {
    const name = (m[1] ?? m[2])?.replace(/\s+(?:without|with|and|in|before|fine|well|okay|ok|previously|before)$/i, '');
    if (!name || vocab().notAllergen.test(name)) continue;
    const start = scope.start + m.index! + m[0].indexOf(name);
    if (out.some((i) => i.text.toLowerCase() === name.toLowerCase())) continue;
    out.push({ text: name, span: { start, end: start + name.length }, scope: { start, end: start + name.length }, negated: false });
  }
  return out;
}

export interface AllergyAttrs {
  reactions: string[];
  severity?: string;
  intolerance: boolean;
  category?: string;
}

const attrCache = new WeakMap<Ctx, Map<number, AllergyAttrs>>();

/** What the text says of one allergen: in its own sentence after it, and in answers to questions naming it. */
export function allergyAttrs(ctx: Ctx, item: Item): AllergyAttrs {
  let perDoc = attrCache.get(ctx);
  if (!perDoc) attrCache.set(ctx, (perDoc = new Map()));
  const hit = perDoc.get(item.span.start);
  if (hit) return hit;
  const v = vocab();
  const text = ctx.doc.text;
  const windows: Range[] = [{ start: item.span.end, end: sentenceOf(ctx.doc, item.span.start).end }];
  const phrase = stems(item.text);
  for (const h of findPhrases(ctx.doc, [phrase], { start: item.span.start, end: text.length })) {
    const line = lineOf(ctx, h.start);
    if (/\?\s*$/.test(text.slice(h.end, line.end)) && line.end < text.length) windows.push(lineOf(ctx, line.end + 1));
    else if (h.start !== item.span.start) windows.push({ start: h.end, end: sentenceOf(ctx.doc, h.start).end });
  }
  const reactions: string[] = [];
  let severity: string | undefined;
  for (const w of windows) {
    const part = text.slice(w.start, w.end);
    for (const m of part.matchAll(v.reactions)) {
      const a = assertionOf(ctx.doc, { start: w.start + m.index!, end: w.start + m.index! + m[0].length });
      if (!a.negated && !reactions.includes(m[0].toLowerCase())) reactions.push(m[0].toLowerCase());
    }
    severity ??= v.severity.find(([, re]) => re.test(part))?.[0];
  }
  const sentence = sentenceOf(ctx.doc, item.span.start);
  const around = text.slice(sentence.start, sentence.end);
  const own = v.category.find(([, re]) => re.test(item.text))?.[0] ?? (ctx.lex.drugs.phrases.has(phrase.join(' ')) ? 'medication' : undefined);
  const attrs: AllergyAttrs = {
    reactions,
    severity: reactions.length || severity ? severity : undefined,
    intolerance: v.intolerance.test(around) || windows.some((w) => v.intolerance.test(text.slice(w.start, w.end))),
    category: own ?? v.category.find(([, re]) => re.test(around))?.[0],
  };
  perDoc.set(item.span.start, attrs);
  return attrs;
}

/** The enum member naming a category code ("drug" → medication), if any. */
export function categoryMember(members: unknown[], code: string): unknown {
  const aliases = vocab().categoryAliases;
  return members.find((m) => typeof m === 'string' && (m.toLowerCase() === code || aliases[m.toLowerCase()] === code));
}
