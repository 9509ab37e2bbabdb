// What the text says about one medication: dose (and a previous dose), unit, route, how
// often, as needed, what for, and the change made (start/increase/…/continue), read from
// the clause around each mention of that drug and merged over its mentions (the first
// mention that says a thing wins; an explicit change beats "continue").
import { firstToken } from './scan.ts';
import { medVocab } from './med-vocab.ts';
import type { NumberMention } from './mentions.ts';
import type { Ctx } from './scan.ts';
import { type Range, sentenceOf, stems } from './text-doc.ts';
import { findPhrases } from './locate.ts';
import { dimensionOf } from './units.ts';

export interface MedAttrs {
  dose?: NumberMention;
  previousDose?: NumberMention;
  /** Canonical dose-unit code (MG, TAB, …) and how the text wrote it. */
  unit?: { code: string; text: string };
  route?: string;
  frequency?: { code: string; text: string };
  asNeeded: boolean;
  indication?: string;
  change?: string;
}

const cache = new WeakMap<Ctx, Map<string, MedAttrs>>();

/** Attributes of the drug named `name` at `span` (cached per request). */
export function medAttrs(ctx: Ctx, name: string, span: Range): MedAttrs {
  let perDoc = cache.get(ctx);
  if (!perDoc) cache.set(ctx, (perDoc = new Map()));
  const key = `${name.toLowerCase()}@${span.start}`;
  const hit = perDoc.get(key);
  if (hit) return hit;
  const merged: MedAttrs = { asNeeded: false };
  for (const w of windows(ctx, name, span)) {
    const a = readWindow(ctx, w);
    for (const k of ['dose', 'previousDose', 'unit', 'route', 'frequency', 'indication'] as const) if (merged[k] === undefined && a[k] !== undefined) (merged as unknown as Record<string, unknown>)[k] = a[k];
    if (a.asNeeded) merged.asNeeded = true;
    if (a.change && (merged.change === undefined || merged.change === 'CONTINUE')) merged.change = a.change;
  }
  merged.indication ??= headingAbove(ctx, span.start);
  perDoc.set(key, merged);
  return merged;
}

/**
 * The clause of each mention of the drug: from the sentence (or line) start, or the end of
 * the drug named before it, to the next drug or the sentence (or line) end.
 */
function windows(ctx: Ctx, name: string, span: Range): { drug: Range; window: Range }[] {
  const phrase = stems(name);
  const hits = phrase.length ? findPhrases(ctx.doc, [phrase], { start: 0, end: ctx.doc.text.length }) : [];
  const out: { drug: Range; window: Range }[] = [];
  const own = span;
  const all = hits.some((h) => h.start === own.start) ? hits : [{ ...own, rank: 0 }, ...hits];
  for (const h of all.sort((a, b) => a.start - b.start)) {
    const sentence = sentenceOf(ctx.doc, h.start);
    const lineStart = ctx.doc.text.lastIndexOf('\n', h.start - 1) + 1;
    const lineEnd = ctx.doc.text.indexOf('\n', h.end);
    let start = Math.max(sentence.start, lineStart);
    let end = Math.min(sentence.end, lineEnd === -1 ? ctx.doc.text.length : lineEnd);
    // Another drug's clause is not this one's.
    const before = ctx.doc.text.slice(start, h.start);
    const drugsBefore = otherDrugEnds(ctx, { start, end: h.start });
    if (drugsBefore.length) start = drugsBefore[drugsBefore.length - 1];
    const next = otherDrugStarts(ctx, { start: h.end, end });
    if (next !== undefined) end = next;
    if (/\b(?:allerg|intoleran|reaction to)/i.test(before)) continue;
    out.push({ drug: { start: h.start, end: h.end }, window: { start, end } });
  }
  return out;
}

function otherDrugEnds(ctx: Ctx, r: Range): number[] {
  const ends: number[] = [];
  forDrugTokens(ctx, r, (s) => ends.push(s.end));
  return ends;
}

function otherDrugStarts(ctx: Ctx, r: Range): number | undefined {
  let first: number | undefined;
  forDrugTokens(ctx, r, (s) => (first ??= s.start));
  return first;
}

/** Drug-lexicon single- and two-word names inside `r`. */
function forDrugTokens(ctx: Ctx, r: Range, visit: (span: Range) => void): void {
  const tokens = ctx.doc.tokens;
  for (let i = firstToken(ctx, r.start); i < tokens.length; i++) {
    const t = tokens[i];
    if (t.end > r.end) break;
    const two = i + 1 < tokens.length ? `${t.stem} ${tokens[i + 1].stem}` : '';
    if (ctx.lex.drugs.phrases.has(t.stem) || (two && ctx.lex.drugs.phrases.has(two))) visit({ start: t.start, end: t.end });
  }
}

function readWindow(ctx: Ctx, w: { drug: Range; window: Range }): Omit<MedAttrs, 'asNeeded'> & { asNeeded: boolean } {
  const v = medVocab();
  const text = ctx.doc.text.slice(w.window.start, w.window.end);
  const after = ctx.doc.text.slice(w.drug.end, w.window.end);
  const out: MedAttrs = { asNeeded: v.asNeeded.test(text) };
  const numbers = ctx.numbers.filter((n) => n.start >= w.drug.end && n.end <= w.window.end);
  const doses = numbers.filter((n) => isDose(ctx, n));
  // "from 20 mg to 40 mg": the first is the dose before the change.
  const fromTo = /\bfrom\s+[\d.]+\s*[a-zµ%]*\s+(?:to|up to|down to)\s+[\d.]+/i.exec(after);
  if (fromTo && doses.length >= 2) {
    out.previousDose = doses[0];
    out.dose = doses[1];
  } else if (doses.length) out.dose = doses[0];
  else {
    // "2.5 mg of glipizide": an amount with a dose unit right before the name.
    const before = ctx.numbers.filter((n) => n.start >= w.window.start && n.end <= w.drug.start && isDose(ctx, n)).pop();
    if (before && /^\s*(?:of\s+)?(?:the\s+)?$/i.test(ctx.doc.text.slice(before.end, w.drug.start))) out.dose = before;
  }
  const unitText = out.dose?.unit ?? unitAfter(ctx, numbers[0]);
  if (unitText) {
    const code = v.doseUnit.find(([, re]) => re.test(unitText.toLowerCase()))?.[0];
    if (code) out.unit = { code, text: unitText };
  }
  if (!out.dose && numbers[0] && unitAfter(ctx, numbers[0])) out.dose = numbers[0];
  out.route = routeIn(text);
  const f = freqIn(text);
  if (f) out.frequency = f;
  out.indication = indicationIn(after);
  out.change = changeIn(text, w.drug.start - w.window.start);
  return out;
}

function isDose(ctx: Ctx, n: NumberMention): boolean {
  return dimensionOf(n.unit, ctx.lex) === 'dose' || n.unit === '%' || !!unitAfter(ctx, n);
}

/** "1 tablet", "2 puffs", "10 units": a count unit the number finder does not know. */
function unitAfter(ctx: Ctx, n: NumberMention | undefined): string | undefined {
  if (!n) return undefined;
  if (n.unit && (dimensionOf(n.unit, ctx.lex) === 'dose' || n.unit === '%')) return n.unit;
  const m = /^\s*(units?|iu|puffs?|tablets?|tabs?|pills?|capsules?|caps?|ml|drops?)\b/i.exec(ctx.doc.text.slice(n.end, n.end + 14));
  return m?.[1];
}

export function routeIn(text: string): string | undefined {
  return codeIn(medVocab().route, text);
}

export function freqIn(text: string): { code: string; text: string } | undefined {
  for (const [code, re] of medVocab().frequency) {
    const m = re.exec(text);
    if (m) return { code, text: m[0] };
  }
  return undefined;
}

function codeIn(table: [string, RegExp][], text: string): string | undefined {
  return table.find(([, re]) => re.test(text))?.[0];
}

/** The change said nearest before the drug, else right after it ("lisinopril was increased"). */
function changeIn(text: string, drugAt: number): string | undefined {
  const table = medVocab().change;
  let best: { code: string; at: number } | undefined;
  for (const [code, re] of table) {
    const g = new RegExp(re.source, 'gi');
    for (const m of text.matchAll(g)) {
      const d = m.index! <= drugAt ? drugAt - m.index! : (m.index! - drugAt) * 2;
      if (!best || d < best.at) best = { code, at: d };
    }
  }
  return best?.code;
}

function indicationIn(after: string): string | undefined {
  const v = medVocab();
  v.indication.lastIndex = 0;
  for (const m of after.matchAll(v.indication)) {
    const what = (m[1] ?? m[2])?.trim().replace(/\s+(?:and|or)$/i, '');
    if (what && what.length > 2 && !v.notIndication.test(what)) return what;
  }
  return undefined;
}

/**
 * In an assessment-and-plan note, the problem heading the drug is written under: a short
 * line ("Hypertension." or "2. Acute lumbar strain.") followed by bullet lines, or numbered.
 * A capitalised section heading ("ASSESSMENT AND PLAN") ends the search.
 */
function headingAbove(ctx: Ctx, at: number): string | undefined {
  const text = ctx.doc.text;
  let end = text.lastIndexOf('\n', at);
  let below = text.slice(end + 1, at);
  for (let n = 0; end > 0 && n < 40; n++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).trim();
    end = start - 1;
    if (line === '') continue;
    if (/^[A-Z0-9 ,&'/-]{4,}$/.test(line)) return undefined;
    const m = /^(\d{1,2}[.)]\s*)?([A-Z][A-Za-z0-9 ,'/-]{2,60}?)\.?$/.exec(line);
    if (m && m[2].split(/\s+/).length <= 8 && (m[1] || /^\s*[•*-]/.test(below))) return m[2].replace(/,$/, '');
    below = line;
  }
  return undefined;
}
