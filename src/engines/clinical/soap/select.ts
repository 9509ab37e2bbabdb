// Keeps the most clinical sentences of a note part within a word budget, in visit order:
// reference notes are about a third as long as the conversation, so most talk must go.
import type { Statement } from './evidence.ts';

const CLINICAL_TERM = /\b(?:pain|hurt\w*|ache|sore|swell\w*|swollen|fever|chills|cough\w*|nausea|vomit\w*|diarrhea|dizz\w*|tired|fatigue|weak\w*|numb\w*|tingl\w*|blood|sugar|pressure|medications?|medicine|pills?|mg|\d+|weeks?|months?|days?|years?|started|since|worse|better|diagnosed|history|injur\w*|fell|twist\w*|breath\w*|chest|heart|knee|back|shoulder|ankle|hip|neck|head\w*|stomach|diet|exercise|sleep\w*|smok\w*|alcohol|allerg\w*|rash|urin\w*|weight|depress\w*|anxi\w*|insulin|therapy|surgery|x-?ray|mri|exam\w*|tender\w*|edema|murmur|lungs?|normal|range of motion|refer\w*|order|prescri\w*|follow|continue|increase|start|recommend\w*|diagnos\w*|symptoms?|taking|denies|reports?)\b/gi;
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
