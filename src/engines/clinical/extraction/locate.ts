// Where a field's concept appears: label fields whose label names it, and phrase
// occurrences in running text, both limited to a scope (the whole text, or one item
// of a list).
import type { FieldQuery } from './field-query.ts';
import type { Doc, LabelField, Range } from './text-doc.ts';
import { sentenceOf, within } from './text-doc.ts';

export interface Hit extends Range {
  /** 0 = the key itself, higher = synonym or description word. */
  rank: number;
}

/**
 * Labels naming the field, best first: the label most like the field's name (share of the
 * key's words it covers, directly or through a synonym, against the label's own extra
 * words: "Secondary:" before "Admission diagnosis:" for secondary_diagnoses), then the
 * order of the phrase matched (key synonyms before single words), an exact label, position.
 */
export function matchLabels(doc: Doc, query: FieldQuery, scope: Range): LabelField[] {
  const scored: { f: LabelField; score: number; sim: number }[] = [];
  for (const f of doc.labels) {
    if (!within(f.value, scope) || f.labelStart < scope.start) continue;
    const joined = f.stems.join(' ');
    let score = -1;
    const covered = new Set<string>();
    const used = new Set<number>();
    query.phrases.forEach((p, i) => {
      const phrase = p.join(' ');
      // After likeness: phrase order (key synonyms before single words), then an exact label.
      const rank = (query.phrases.length - i) * 2;
      const at = p.length > 0 ? indexOfSeq(f.stems, p) : -1;
      if (joined === phrase) score = Math.max(score, rank + 1);
      else if (at >= 0 && (p.length > 1 || p[0].length > 2 || f.stems.length === 1)) score = Math.max(score, rank);
      else return;
      for (const w of query.covers?.[i] ?? []) covered.add(w);
      for (let k = 0; k < p.length; k++) used.add(Math.max(at, 0) + k);
    });
    if (score < 0) continue;
    const extra = f.stems.filter((s, k) => !used.has(k) && s.length > 2 && !LABEL_FILLERS.has(s)).length;
    const sim = query.words.length === 0 ? 0 : covered.size / (query.words.length + extra);
    scored.push({ f, score, sim });
  }
  return scored.sort((a, b) => b.sim - a.sim || b.score - a.score || a.f.labelStart - b.f.labelStart).map((s) => s.f);
}

const LABEL_FILLERS = new Set(['the', 'and', 'for', 'with', 'from']);

export function findPhrases(doc: Doc, phrases: string[][], scope: Range, rankOffset = 0): Hit[] {
  const hits: Hit[] = [];
  const tokens = doc.tokens;
  phrases.forEach((p, rank) => {
    if (p.length === 0) return;
    for (const i of doc.byStem.get(p[0]) ?? []) {
      const t = tokens[i];
      if (t.start < scope.start || i + p.length > tokens.length) continue;
      let match = true;
      for (let k = 1; k < p.length && match; k++) match = tokens[i + k].stem === p[k];
      if (!match) continue;
      const end = tokens[i + p.length - 1].end;
      if (end > scope.end) continue;
      // One-letter phrases ("t", "p", "k") only count when written as a label-like token: "T 38.2".
      if (p.length === 1 && p[0].length === 1 && !/^[A-Z]$/.test(t.text)) continue;
      hits.push({ start: t.start, end, rank: rank + rankOffset });
    }
  });
  return hits.sort((a, b) => a.rank - b.rank || a.start - b.start);
}

function indexOfSeq(hay: string[], needle: string[]): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** Label values first, then phrase hits in text; each as the region to read a value from. */
export function regionsFor(doc: Doc, query: FieldQuery, scope: Range, useDescription = true): { region: Range; anchor: Range; label: boolean }[] {
  const out: { region: Range; anchor: Range; label: boolean }[] = [];
  for (const f of matchLabels(doc, query, scope)) out.push({ region: f.value, anchor: f.value, label: true });
  let hits = findPhrases(doc, query.phrases, scope);
  if (hits.length === 0 && useDescription) hits = findPhrases(doc, query.descriptionPhrases, scope, 100);
  for (const h of hits) out.push({ region: { start: h.end, end: Math.min(scope.end, sentenceEnd(doc, h.end)) }, anchor: h, label: false });
  return out;
}

function sentenceEnd(doc: Doc, at: number): number {
  return sentenceOf(doc, at).end;
}
