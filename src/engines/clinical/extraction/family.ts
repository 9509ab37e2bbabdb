// Family history as list items: one per relative and condition named together in a
// sentence ("My dad and grandpa both had type two diabetes", "two of my aunts … Huntington"),
// or a condition a family question asks about and the answer affirms (relative unknown);
// each with the relative's form name and whether the text says they died.
import { readFileSync } from 'node:fs';
import { findConcepts, tokenize as lexTokenize } from '../lexicon/index.ts';
import { answerTo } from './answer.ts';
import { assertionOf } from './assertion.ts';
import type { Item } from './scan.ts';
import { tidyName } from './names.ts';
import type { Ctx } from './scan.ts';
import { type Range, sentenceOf } from './text-doc.ts';

interface Vocab {
  relatives: Record<string, string>;
  relativeRe: RegExp;
  unnamed: RegExp;
  familyContext: RegExp;
  counts: Record<string, number>;
  deceased: RegExp;
}

let cached: Vocab | undefined;

function vocab(): Vocab {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(new URL('./family-vocab.json', import.meta.url), 'utf8'));
  const names = Object.keys(raw.relatives).sort((a, b) => b.length - a.length);
  const count = Object.keys(raw.counts).join('|');
  cached = {
    relatives: raw.relatives,
    // "two of my aunts", "my maternal grandmother", "dad"
    relativeRe: new RegExp(`\\b(?:(${count})\\s+(?:of\\s+)?(?:my|his|her|their)\\s+)?(?:(${raw.sides.join('|')})\\s+)?(${names.join('|')})\\b`, 'gi'),
    unnamed: new RegExp(raw.unnamed, 'i'),
    familyContext: new RegExp(raw.familyContext, 'i'),
    counts: raw.counts,
    deceased: new RegExp(raw.deceased, 'i'),
  };
  return cached;
}

export interface FamilyItem extends Item {
  relative: string | null;
  deceased: boolean | null;
}

/** Condition mentions of `range` in the shared concept lexicon (symptoms included: "memory loss"). */
export function conditionSpans(ctx: Ctx, range: Range): Range[] {
  const text = ctx.doc.text;
  return findConcepts(lexTokenize(text, range.start, range.end))
    .filter((m) => m.end <= range.end && m.concept.kind !== 'ignore' && m.concept.kind !== 'status')
    .map((m) => ({ start: m.start, end: m.end }));
}

/** Diagnoses and chronic problems only (a past-medical-history list is no symptom list). */
export function conceptMentions(ctx: Ctx, range: Range): Range[] {
  const text = ctx.doc.text;
  return findConcepts(lexTokenize(text, range.start, range.end))
    // Tobacco use and Z-code statuses are social history, not conditions.
    .filter((m) => m.end <= range.end && (m.concept.kind === 'dx' || m.concept.kind === 'chronic') && !/^(Z|F17)/.test(m.concept.codes.U))
    .map((m) => ({ start: m.start, end: m.end }));
}

export function familyItems(ctx: Ctx, scope: Range): FamilyItem[] {
  const v = vocab();
  const text = ctx.doc.text;
  const out: FamilyItem[] = [];
  const seen = new Set<number>();
  for (const sentence of ctx.doc.sentences) {
    if (sentence.end <= scope.start || sentence.start >= scope.end) continue;
    const s = text.slice(sentence.start, sentence.end);
    const relatives = [...s.matchAll(v.relativeRe)].filter((m) => !/^(husband|wife)$/i.test(m[3]!));
    const unnamed = v.unnamed.test(s);
    if (!relatives.length && !unnamed) continue;
    const deceased = v.deceased.test(s) ? true : null;
    for (const c of conditionSpans(ctx, sentence)) {
      const a = assertionOf(ctx.doc, c);
      if (a.negated || a.hypothetical || a.unanswered) continue;
      const name = tidyName(text.slice(c.start, c.end));
      seen.add(c.start);
      const base = { text: name, span: c, scope: sentence, negated: false, deceased };
      if (!relatives.length) out.push({ ...base, relative: null });
      for (const r of relatives) {
        const n = r[1] ? (v.counts[r[1].toLowerCase()] ?? 1) : 1;
        const rel = `${r[2] ? `${r[2].toLowerCase()} ` : ''}${v.relatives[r[3]!.toLowerCase()]}`;
        for (let k = 0; k < n; k++) out.push({ ...base, relative: rel });
      }
    }
  }
  answeredConditions(ctx, scope, out, seen);
  return out;
}

/** "Doctor: Does anyone in your family have heart problems? / Patient: Yes": a condition with no named relative. */
function answeredConditions(ctx: Ctx, scope: Range, out: FamilyItem[], seen: Set<number>): void {
  const v = vocab();
  const text = ctx.doc.text;
  let familyTalk = false;
  for (const sentence of ctx.doc.sentences) {
    if (sentence.end <= scope.start || sentence.start >= scope.end) continue;
    const s = text.slice(sentence.start, sentence.end);
    if (v.familyContext.test(s)) familyTalk = true;
    if (!familyTalk || !/\?\s*$/.test(s)) continue;
    for (const c of conditionSpans(ctx, sentence)) {
      if (seen.has(c.start)) continue;
      const name = text.slice(c.start, c.end);
      if (out.some((i) => i.text.toLowerCase() === name.toLowerCase())) continue;
      if (answerTo(ctx.doc, c, undefined, false) !== 'yes') continue;
      out.push({ text: name, span: c, scope: sentenceOf(ctx.doc, c.start), negated: false, relative: null, deceased: null });
    }
  }
}
