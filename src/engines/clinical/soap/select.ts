// Keeps the most clinical sentences of a note part within a word budget, in visit order:
// reference notes are about a third as long as the conversation, so most talk must go.
import { CLINICAL_TERMS as CLINICAL_TERM } from '../language/index.ts';
import type { Statement } from './evidence.ts';

const VAGUE = /\b(?:i guess|stuff|things?|like|really|just|kind of|sort of|pretty|actually|anyway|whatever)\b/gi;

export function clinicalScore(text: string): number {
  const words = text.split(/\s+/).length;
  const terms = (text.match(CLINICAL_TERM) ?? []).length;
  const vague = (text.match(VAGUE) ?? []).length;
  return (terms - 0.5 * vague) / Math.sqrt(words + 2);
}

export function withinBudget(items: Statement[], words: number, emphasis?: RegExp): Statement[] {
  const total = items.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  if (total <= words) return items;
  const ranked = items.map((s, i) => ({ i, score: clinicalScore(s.text) + (emphasis?.test(s.text) ? 2 : 0), len: s.text.split(/\s+/).length })).sort((a, b) => b.score - a.score);
  const keep = new Set<number>();
  let used = 0;
  for (const r of ranked) {
    if (used + r.len > words && keep.size > 0) continue;
    keep.add(r.i);
    used += r.len;
  }
  return items.filter((_, i) => keep.has(i));
}
