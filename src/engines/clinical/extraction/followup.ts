// The next visit a text asks for: "follow up in 6 months to reevaluate scars", "come back in
// a week", "review in 3-5 days", "1/52". Gives the number and unit as written, a range's
// bounds, and the purpose; fields read it as the number in their own unit (days/weeks/months).
import { readFileSync } from 'node:fs';
import type { Ctx } from './scan.ts';
import { type Range, sentenceOf } from './text-doc.ts';

interface Vocab {
  cue: RegExp;
  when: RegExp;
  numbers: Record<string, number>;
  units: Record<string, string>;
  days: Record<string, number>;
  purpose: RegExp;
  fieldWords: RegExp;
  fieldDescription: RegExp;
}

let cached: Vocab | undefined;

export function followUpVocab(): Vocab {
  if (cached) return cached;
  const raw = JSON.parse(readFileSync(new URL('./followup-vocab.json', import.meta.url), 'utf8'));
  cached = {
    cue: new RegExp(raw.cue, 'gi'),
    when: new RegExp(raw.when, 'gi'),
    numbers: raw.numbers,
    units: raw.units,
    days: raw.days,
    purpose: new RegExp(raw.purpose, 'i'),
    fieldWords: new RegExp(raw.fieldWords, 'i'),
    fieldDescription: new RegExp(raw.fieldDescription, 'i'),
  };
  return cached;
}

export interface FollowUp {
  value: number;
  /** Upper bound of a range ("3-5 days"), else the value. */
  max: number;
  unit: string;
  purpose?: string;
  span: Range;
}

const cache = new WeakMap<Ctx, Map<string, FollowUp | null>>();

/** The first follow-up request of `scope` with an interval in its sentence, after the cue. */
export function followUp(ctx: Ctx, scope: Range): FollowUp | undefined {
  let perDoc = cache.get(ctx);
  if (!perDoc) cache.set(ctx, (perDoc = new Map()));
  const key = `${scope.start}:${scope.end}`;
  if (perDoc.has(key)) return perDoc.get(key) ?? undefined;
  const found = find(ctx, scope);
  perDoc.set(key, found ?? null);
  return found;
}

function find(ctx: Ctx, scope: Range): FollowUp | undefined {
  const v = followUpVocab();
  const text = ctx.doc.text;
  for (const cue of text.slice(scope.start, scope.end).matchAll(v.cue)) {
    const at = scope.start + cue.index!;
    const sentence = sentenceOf(ctx.doc, at);
    const end = Math.min(scope.end, sentence.end);
    const rest = text.slice(at + cue[0].length, end);
    v.when.lastIndex = 0;
    for (const m of rest.matchAll(v.when)) {
      // "every 12 hours" is how often, not when.
      if (/\b(?:every|each|per|x)\s*$/i.test(rest.slice(Math.max(0, m.index! - 7), m.index!))) continue;
      const parsed = parse(m);
      if (!parsed) continue;
      const start = at + cue[0].length + m.index!;
      const after = text.slice(start + m[0].length, end);
      const purpose = v.purpose.exec(after)?.[1]?.trim();
      return { ...parsed, purpose, span: { start, end: start + m[0].length } };
    }
  }
  return undefined;
}

function parse(m: RegExpMatchArray): { value: number; max: number; unit: string } | undefined {
  const v = followUpVocab();
  if (m[4]) return { value: Number(m[4]), max: Number(m[4]), unit: v.units[m[5]!]! };
  if (!m[1] || !m[3]) return undefined;
  const num = (s: string) => (/^\d/.test(s) ? Number(s) : v.numbers[s.toLowerCase()]);
  const value = num(m[1]);
  const max = m[2] ? num(m[2]) : value;
  const unit = v.units[m[3].toLowerCase()];
  if (value === undefined || max === undefined || !unit) return undefined;
  return { value, max, unit };
}

/** A follow-up interval in `unit` (hours/days/weeks/months/years), rounded to one decimal. */
export function inUnit(value: number, from: string, unit: string): number {
  const d = followUpVocab().days;
  if (from === unit) return value;
  // Calendar units convert exactly where they can: 6 months is half a year, not 180/365.
  if (from === 'months' && unit === 'years') return Math.round((value / 12) * 10) / 10;
  if (from === 'years' && unit === 'months') return value * 12;
  return Math.round(((value * d[from]!) / d[unit]!) * 10) / 10;
}

/** A field about the next visit: its key names one ("interval", "follow_up_weeks", "withinDays") or its description does. */
export function asksFollowUp(keyWords: string[], description: string): boolean {
  const v = followUpVocab();
  return keyWords.some((w) => v.fieldWords.test(w)) || v.fieldDescription.test(description);
}

const MEASURE = /^(temp|temperature|fever|weight|bp|pressure|dose|mg|kg|lb|lbs|c|f|celsius|fahrenheit|glucose|score)$/;
const UNIT_WORD: Record<string, string> = { hour: 'hours', hours: 'hours', day: 'days', days: 'days', week: 'weeks', weeks: 'weeks', month: 'months', months: 'months', year: 'years', years: 'years' };

/** The number a follow-up field asks for, in the unit its key or description names (else as written). */
export function followUpNumber(ctx: Ctx, keyWords: string[], description: string, scope: Range): { value: number; span: Range } | undefined {
  // "returnIfTempAboveC" returns on a measurement, not after an interval.
  if (!asksFollowUp(keyWords, description) || keyWords.some((w) => MEASURE.test(w))) return undefined;
  const fu = followUp(ctx, scope);
  if (!fu) return undefined;
  const unit = keyWords.map((w) => UNIT_WORD[w]).filter(Boolean).pop() ?? /\bin (days|weeks|months|years)\b/i.exec(description)?.[1]?.toLowerCase();
  const wantsMax = keyWords.some((w) => /^(max|maximum|latest|upper|to)$/.test(w)) || /\blatest\b/i.test(description);
  const raw = wantsMax ? fu.max : fu.value;
  return { value: unit ? inUnit(raw, fu.unit, unit) : raw, span: fu.span };
}

/** The enum member naming the follow-up's unit ("weeks", "Week", "wk"). */
export function followUpUnit(ctx: Ctx, keyWords: string[], description: string, members: unknown[], scope: Range): { value: unknown; span: Range } | undefined {
  const units = members.filter((m) => typeof m === 'string' && UNIT_WORD[m.toLowerCase()] !== undefined);
  if (units.length < 2 || !asksFollowUp(keyWords, description)) return undefined;
  const fu = followUp(ctx, scope);
  const hit = fu && units.find((m) => UNIT_WORD[String(m).toLowerCase()] === fu.unit);
  return hit === undefined ? undefined : { value: hit, span: fu!.span };
}

/** What the next visit is for, when a field asks for a visit's purpose. */
export function followUpPurpose(ctx: Ctx, keyWords: string[], description: string, scope: Range): { value: string; span: Range } | undefined {
  if (!keyWords.some((w) => /^(purpose|reason|goal|aim|why)$/.test(w)) || !/\b(?:visit|follow|appointment|review)/i.test(`${keyWords.join(' ')} ${description}`)) return undefined;
  const fu = followUp(ctx, scope);
  return fu?.purpose ? { value: fu.purpose, span: fu.span } : undefined;
}
