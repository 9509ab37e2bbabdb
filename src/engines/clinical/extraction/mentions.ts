// Typed mentions found in the text once per request: numbers (with a unit when one
// follows, and "120/80" pairs; spelled-out ones from spoken-numbers.ts) and calendar dates.
import type { Lexicons } from './lexicons.ts';
import { type NumberMention, spokenNumbers } from './spoken-numbers.ts';

export type { NumberMention };


export interface DateMention {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  start: number;
  end: number;
}

/** Numbers in digits and, in transcripts, in words; sorted by position, never overlapping. */
export function findNumbers(text: string, lex: Lexicons): NumberMention[] {
  const digits = digitNumbers(text, lex);
  const words = spokenNumbers(text, lex).filter((w) => !digits.some((d) => w.start < d.end && w.end > d.start));
  return words.length ? [...digits, ...words].sort((a, b) => a.start - b.start) : digits;
}

function digitNumbers(text: string, lex: Lexicons): NumberMention[] {
  const out: NumberMention[] = [];
  const re = /(?<![\w.\/-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?|\.\d+)(?:\s*\/\s*(\d+(?:\.\d+)?))?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // A date such as 03/05/2024 is not a number.
    if (/^[\/.-]\d/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 2))) {
      re.lastIndex = skipToken(text, re.lastIndex);
      continue;
    }
    const value = Number(m[1].replace(/,/g, ''));
    const mention: NumberMention = { value, start: m.index, end: m.index + m[0].length };
    if (m[2] !== undefined) mention.second = Number(m[2]);
    const after = text.slice(mention.end, mention.end + 24).toLowerCase();
    const unit = lex.unitAliases.find((alias) => {
      const lead = /^\s?/.exec(after)![0];
      if (!after.startsWith(lead + alias)) return false;
      const next = after.charAt(lead.length + alias.length);
      return next === '' || !/[a-z0-9]/.test(next) || /^[^a-z]/.test(alias.slice(-1)) && !/[a-z]/.test(next);
    });
    if (unit) {
      mention.unit = unit;
      mention.end += /^\s?/.exec(after)![0].length + unit.length;
    }
    // Feet and inches: 5'10" or 5 ft 10 in.
    const feet = /^\s*(?:'|ft|feet)\s*(\d{1,2})\s*(?:"|in|inches)?/.exec(text.slice(m.index + m[1].length, m.index + m[1].length + 16));
    if (feet && m[2] === undefined) {
      mention.value = value * 12 + Number(feet[1]);
      mention.unit = 'in';
      mention.end = m.index + m[1].length + feet[0].length;
      re.lastIndex = mention.end;
    }
    out.push(mention);
  }
  return out;
}

function skipToken(text: string, i: number): number {
  while (i < text.length && /[\d\/.-]/.test(text[i])) i++;
  return i;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

export function findDates(text: string): DateMention[] {
  const out: DateMention[] = [];
  const push = (m: RegExpExecArray, year: number, month: number, day: number, hour?: number, minute?: number) => {
    if (year < 100) year += year > 50 ? 1900 : 2000;
    if (!validDate(year, month, day)) return;
    if (out.some((d) => m.index < d.end && m.index + m[0].length > d.start)) return;
    out.push({ year, month, day, hour, minute, start: m.index, end: m.index + m[0].length });
  };
  const time = '(?:[T ,]+(?:at\\s+)?(\\d{1,2}):(\\d{2})(?::\\d{2})?\\s*(am|pm)?)?';
  const hour = (h?: string, ampm?: string) => {
    if (h === undefined) return undefined;
    let v = Number(h);
    if (ampm?.toLowerCase() === 'pm' && v < 12) v += 12;
    if (ampm?.toLowerCase() === 'am' && v === 12) v = 0;
    return v;
  };
  for (const m of text.matchAll(new RegExp(`\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})${time}`, 'gi'))) {
    push(m as RegExpExecArray, +m[1], +m[2], +m[3], hour(m[4], m[6]), m[5] ? +m[5] : undefined);
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})[\\/.-](\\d{1,2})[\\/.-](\\d{4}|\\d{2})\\b${time}`, 'gi'))) {
    const a = +m[1];
    const b = +m[2];
    const [month, day] = a > 12 ? [b, a] : [a, b]; // US order unless impossible
    push(m as RegExpExecArray, +m[3], month, day, hour(m[4], m[6]), m[5] ? +m[5] : undefined);
  }
  for (const m of text.matchAll(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b${time}`, 'gi'))) {
    push(m as RegExpExecArray, +m[3], monthIndex(m[1]), +m[2], hour(m[4], m[6]), m[5] ? +m[5] : undefined);
  }
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b${time}`, 'gi'))) {
    push(m as RegExpExecArray, +m[3], monthIndex(m[2]), +m[1], hour(m[4], m[6]), m[5] ? +m[5] : undefined);
  }
  return out.sort((x, y) => x.start - y.start);
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1800 || y > 2200) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Renders a date for the schema: `format` first, then a pattern named in the description. */
export function renderDate(d: DateMention, format: string | undefined, description: string): string {
  const iso = `${d.year}-${pad(d.month)}-${pad(d.day)}`;
  if (format === 'date-time') return `${iso}T${pad(d.hour ?? 0)}:${pad(d.minute ?? 0)}:00Z`;
  if (format === 'date') return iso;
  const hint = /\b(YYYY-MM-DD|MM\/DD\/YYYY|DD\/MM\/YYYY|DD-MM-YYYY|MM-DD-YYYY|DD\.MM\.YYYY)\b/i.exec(description)?.[1].toUpperCase();
  if (!hint) return iso;
  return hint.replace('YYYY', String(d.year)).replace('MM', pad(d.month)).replace('DD', pad(d.day));
}
