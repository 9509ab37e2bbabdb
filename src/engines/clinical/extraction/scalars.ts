// Finders for one scalar value of a given type within a scope of the text. Each returns
// the value and the span it came from, or undefined: never a guess.
import { buildQuery, type FieldQuery, hasWord, PREPOSITION_KEY, splitKey } from './field-query.ts';
import type { Lexicons } from './lexicons.ts';
import { findPhrases, matchLabels, regionsFor } from './locate.ts';
import { type DateMention, type NumberMention, renderDate } from './mentions.ts';
import { assertionOf } from './assertion.ts';
import type { SchemaNode } from './schema-nav.ts';
import type { Ctx, Found } from './scan.ts';
import { type Doc, type Range, sentenceOf, stem, stems, within } from './text-doc.ts';
import { convert, dimensionOf, roundSensibly } from './units.ts';
import { followUpNumber, followUpPurpose, followUpUnit } from './followup.ts';
import { formString, namePart, tickedBox } from './form-fields.ts';



const NEAR = 48; // characters after a concept within which its number may follow

export type { Ctx, Found };

export function findNumber(ctx: Ctx, q: FieldQuery, node: SchemaNode, scope: Range, integer: boolean): Found<number> | undefined {
  const keyWords = splitKey(q.key);
  const next = followUpNumber(ctx, splitKey(q.key), q.description, scope);
  if (next && inBounds(integer ? Math.round(next.value) : next.value, node)) return { value: integer ? Math.round(next.value) : next.value, span: next.span };
  const accept = (m: NumberMention, useSecond: boolean): Found<number> | undefined => {
    if (m.second !== undefined && !useSecond && !/systol|blood|bp|pressure/.test(q.words.join(' '))) return undefined; // 120/80 is not a weight
    const raw = useSecond ? m.second! : m.value;
    // A field named "year" (not "years") holds a calendar year, not "68" or "37".
    if (keyWords.includes('year') && (raw < 1800 || raw > 2200)) return undefined;
    let v = convert(raw, m.unit, q.targetUnit, ctx.lex);
    if (v === undefined) return undefined;
    v *= rateFactor(keyWords, ctx.doc.text.slice(m.end, m.end + 32));
    v = integer ? Math.round(v) : roundSensibly(v);
    if (!inBounds(v, node)) return undefined;
    return { value: v, span: { start: m.start, end: m.end } };
  };
  const wantsSecond = q.words.some((w) => w.startsWith('diastol'));
  const age = q.words.length === 1 && q.words[0] === 'age' ? findAge(ctx, scope, integer) : undefined;
  if (age && inBounds(age.value, node)) return age;
  for (const { region, label, anchor } of regionsFor(ctx.doc, q, scope)) {
    // "two packs a day": a count written just before the thing counted.
    if (!label && keyWords.some((w) => /^(per|number|count|how|many)$/.test(w)) && /s$/i.test(ctx.doc.text.slice(anchor.start, anchor.end))) {
      const i = firstAtOrAfter(ctx.numbers, anchor.start) - 1;
      const before = i >= 0 ? ctx.numbers[i] : undefined;
      if (before && !before.unit && /^\s*$/.test(ctx.doc.text.slice(before.end, anchor.start)) && anchor.start - before.end <= 2) {
        const found = accept({ ...before, end: anchor.end }, false);
        if (found) return found;
      }
    }
    const limit = label ? region.end : Math.min(region.end, region.start + NEAR);
    for (let i = firstAtOrAfter(ctx.numbers, region.start); i < ctx.numbers.length; i++) {
      const m = ctx.numbers[i];
      if (m.start >= limit) break;
      if (!label && /[.;]/.test(ctx.doc.text.slice(region.start, m.start))) break;
      const found = accept(m, wantsSecond && m.second !== undefined);
      if (found) return found;
      if (!label) break; // the first number after the concept is its value, or none is
    }
  }
  // No concept named: a number in the field's unit dimension ("82 kg" for weight_kg).
  const dim = dimensionOf(q.targetUnit, ctx.lex);
  if (dim === 'duration') {
    // in_days, duration_weeks: inside a section or an item ("Follow-up with primary care in
    // 1 week", "… for 5 days") the first length of time there; never from the whole text.
    const local = scope.start > 0 || scope.end < ctx.doc.text.length;
    if (local && q.words.every((w) => DURATION_WORDS.test(w))) {
      // "every 12 hours" is how often, not how long.
      const interval = (n: { start: number }) => /\b(?:every|each|per|q)\s*$/i.test(ctx.doc.text.slice(Math.max(0, n.start - 8), n.start));
      const m = ctx.numbers.find((n) => within(n, scope) && dimensionOf(n.unit, ctx.lex) === 'duration' && !interval(n)) ?? durationInWords(ctx, scope);
      if (m) return accept(m, false);
    }
  } else if (dim) {
    const implied = dim === 'dose' ? 'dose' : ctx.lex.impliedConcept[dim];
    if (implied && q.words.some((w) => stems(implied).includes(w))) {
      for (const m of ctx.numbers) if (within(m, scope) && dimensionOf(m.unit, ctx.lex) === dim) return accept(m, false);
    }
  }
  return undefined;
}

const PER_DAY = /^\s*(?:\w+\s+){0,3}?(?:a|per|each|every)\s+(?:day|night|evening)\b|^\s*(?:\w+\s+){0,3}?(?:daily|nightly)\b/i;
const PER_WEEK = /^\s*(?:\w+\s+){0,3}?(?:a|per|each|every)\s+week\b|^\s*(?:\w+\s+){0,3}?weekly\b/i;

/** "two beers every day" for drinks_per_week is 14; "10 a week" for a per-day field is 10/7. */
function rateFactor(keyWords: string[], after: string): number {
  const i = keyWords.findIndex((w) => w === 'per' || w === 'a');
  const per = i >= 0 ? keyWords[i + 1] : keyWords.find((w) => /^(daily|weekly)$/.test(w));
  if ((per === 'week' || per === 'weekly') && PER_DAY.test(after)) return 7;
  if ((per === 'day' || per === 'daily') && PER_WEEK.test(after)) return 1 / 7;
  return 1;
}

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const DURATION_IN_WORDS = new RegExp(`\\b(${NUMBER_WORDS.join('|')})\\s+(days?|weeks?|months?|years?)\\b`, 'i');

/** "in two weeks": a length of time written in words. */
function durationInWords(ctx: Ctx, scope: Range): NumberMention | undefined {
  const m = DURATION_IN_WORDS.exec(ctx.doc.text.slice(scope.start, scope.end));
  if (!m || /\b(?:every|each|per)\s*$/i.test(ctx.doc.text.slice(Math.max(0, scope.start + m.index - 8), scope.start + m.index))) return undefined;
  const start = scope.start + m.index;
  return { value: NUMBER_WORDS.indexOf(m[1].toLowerCase()) + 1, unit: m[2].toLowerCase(), start, end: start + m[0].length };
}

const DURATION_WORDS = /^(durat|length|cours|period|interval|time|for|within|after|until|next)$/;

/** Index of the first mention starting at or after `pos` (mentions are sorted). */
function firstAtOrAfter(list: { start: number }[], pos: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid].start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function findAge(ctx: Ctx, scope: Range, integer: boolean): Found<number> | undefined {
  const text = ctx.doc.text.slice(scope.start, scope.end);
  const m = /\b(\d{1,3})[- ]?(?:years?|yrs?|y)[- ]?(?:old|o\b|\/o)|\b(\d{1,3})\s?y\/?o\b|\bage[ds]?\s*(?:of\s*|:\s*|is\s*)?(\d{1,3})\b/i.exec(text);
  if (!m) return undefined;
  const v = Number(m[1] ?? m[2] ?? m[3]);
  return { value: integer ? Math.round(v) : v, span: { start: scope.start + m.index, end: scope.start + m.index + m[0].length } };
}

function inBounds(v: number, node: SchemaNode): boolean {
  if (typeof node.minimum === 'number' && v < node.minimum) return false;
  if (typeof node.maximum === 'number' && v > node.maximum) return false;
  if (typeof node.exclusiveMinimum === 'number' && v <= node.exclusiveMinimum) return false;
  if (typeof node.exclusiveMaximum === 'number' && v >= node.exclusiveMaximum) return false;
  if (typeof node.multipleOf === 'number' && node.multipleOf > 0 && Math.abs(v / node.multipleOf - Math.round(v / node.multipleOf)) > 1e-9) return false;
  return true;
}

export function findDate(ctx: Ctx, q: FieldQuery, node: SchemaNode, scope: Range): Found<string> | undefined {
  const format = typeof node.format === 'string' ? node.format : undefined;
  const render = (d: DateMention) => ({ value: renderDate(d, format, q.description), span: { start: d.start, end: d.end } });
  for (const { region, anchor, label } of regionsFor(ctx.doc, q, scope)) {
    // In running text the date may sit on either side of its concept within the sentence.
    const from = label ? region.start : sentenceStart(ctx.doc, anchor.start);
    // The date after the concept first ("discharged on 02/14"), else one just before it.
    const d = label
      ? ctx.dates.find((x) => x.start >= from && x.end <= region.end)
      : (ctx.dates.find((x) => x.start >= anchor.end && x.end <= region.end) ??
        ctx.dates.filter((x) => x.start >= Math.max(from, anchor.start - 40) && x.end <= anchor.start).pop());
    if (d) return render(d);
  }
  if (q.words.length === 0 || q.words.every((w) => w === stem('date')) || q.soleDate) {
    const d = ctx.dates.find((x) => within(x, scope));
    if (d) return render(d);
  }
  return undefined;
}

function sentenceStart(doc: Doc, at: number): number {
  return sentenceOf(doc, at).start;
}

const YES = /^\s*(yes|y|true|positive|present|current|currently|active|confirmed|\+)\b/i;
const NO = /^\s*(no|n|false|negative|none|never|denies|denied|absent|nil|not|-)\b/i;

const NEGATIVE_KEY = /^(no|none|nkda|nka|denies|denied|without|nil)$/;
const NEGATIVE_FILLERS = /^(known|significant|relevant|any|reported|documented|pertinent|prior|history)$/;

export function findBoolean(ctx: Ctx, q: FieldQuery, scope: Range): Found<boolean> | undefined {
  const keyWords = splitKey(q.key);
  if (keyWords.length > 1 && NEGATIVE_KEY.test(keyWords[0]!)) return findAbsence(ctx, keyWords.slice(1), scope);
  // "nkda": an absence written as one acronym.
  if (keyWords.length === 1 && /^(nkda|nka|nkfa)$/.test(keyWords[0]!)) return findAbsence(ctx, ['allergies'], scope);
  const wantsFormer = q.words.some((w) => /^(former|ever|histor|past|previou)/.test(w));
  const aboutFamily = keyWords.some((w) => /^(family|familial|mother|father|relatives?)$/.test(w));
  if (aboutFamily && keyWords.length > 1) return findInFamily(ctx, keyWords, scope);
  for (const { region, anchor, label } of regionsFor(ctx.doc, q, scope, true)) {
    if (label) {
      const value = ctx.doc.text.slice(region.start, region.end);
      const ticked = tickedBox(value);
      if (ticked !== undefined) return { value: ticked, span: region };
      if (YES.test(value)) return { value: true, span: region };
      if (NO.test(value)) return { value: false, span: region };
      if (/\b(former|quit|ex-)/i.test(value)) return { value: wantsFormer, span: region };
      continue;
    }
    // "Interpreter needed?  [ ] Yes  [x] No"
    const lineEnd = ctx.doc.text.indexOf('\n', anchor.end);
    const ticked = tickedBox(ctx.doc.text.slice(anchor.end, lineEnd === -1 ? ctx.doc.text.length : lineEnd));
    if (ticked !== undefined) return { value: ticked, span: anchor };
    const a = assertionOf(ctx.doc, anchor);
    if ((a.otherPerson && !aboutFamily) || a.hypothetical || a.unanswered) continue;
    if (a.negated) return { value: false, span: anchor };
    if (a.former && !wantsFormer) return { value: false, span: anchor };
    return { value: true, span: anchor };
  }
  return undefined;
}

/**
 * "heart_disease_in_family", "family_history_of_cancer": the concept without the family
 * words, taken only where the sentence (or the question it answers) speaks of relatives.
 */
function findInFamily(ctx: Ctx, keyWords: string[], scope: Range): Found<boolean> | undefined {
  const concept = keyWords.filter((w) => !/^(family|familial|in|of|history|hx|relatives?|fh|any)$/.test(w));
  if (concept.length === 0) return undefined;
  const sub = buildQuery(concept.join('_'), {} as SchemaNode, ctx.lex);
  for (const { anchor } of regionsFor(ctx.doc, sub, scope, false)) {
    // The anchor's own line or the two before it (the turn that opened the topic).
    let from = ctx.doc.text.lastIndexOf('\n', anchor.start - 1);
    for (let k = 0; k < 2 && from > 0; k++) from = ctx.doc.text.lastIndexOf('\n', from - 1);
    const said = ctx.doc.text.slice(Math.max(0, from), sentenceOf(ctx.doc, anchor.start).end);
    if (!FAMILY_TALK.test(said)) continue;
    const a = assertionOf(ctx.doc, anchor);
    if (a.hypothetical || a.unanswered) continue;
    return { value: !a.negated, span: anchor };
  }
  return undefined;
}

const FAMILY_TALK = /\b(?:family|relatives?|mother|mom|mum|father|dad|parents?|sisters?|brothers?|siblings?|sons?|daughters?|grand(?:mother|father|ma|pa|parents?)|aunts?|uncles?|cousins?|runs? in)\b/i;

/**
 * A field that asks for absence ("no_meds", "noKnownAllergies", "no_significant_pmh"):
 * true when the text denies the concept, false when it affirms it, else not found.
 */
function findAbsence(ctx: Ctx, words: string[], scope: Range): Found<boolean> | undefined {
  const content = words.filter((w) => !NEGATIVE_FILLERS.test(w));
  const sub = buildQuery((content.length ? content : words).join('_'), {} as SchemaNode, ctx.lex);
  for (const { region, anchor, label } of regionsFor(ctx.doc, sub, scope, false)) {
    if (label) {
      const value = ctx.doc.text.slice(region.start, region.end);
      if (NO.test(value) || /\b(nkda|nka|no known)\b/i.test(value)) return { value: true, span: region };
      if (/[a-z]{3}/i.test(value)) return { value: false, span: region };
      continue;
    }
    // "Any other allergies besides penicillin?": asking for others presupposes one.
    if (/\b(?:other|another|more)\s+$/i.test(ctx.doc.text.slice(Math.max(0, anchor.start - 10), anchor.start))) return { value: false, span: anchor };
    const a = assertionOf(ctx.doc, anchor);
    if (a.hypothetical || a.unanswered || (a.otherPerson && !words.includes('family'))) continue;
    return { value: a.negated || /^(nkda|nka)$/i.test(ctx.doc.text.slice(anchor.start, anchor.end)), span: anchor };
  }
  return undefined;
}

export function enumVariants(value: unknown, lex: Lexicons): string[][] {
  const text = String(value).toLowerCase().replace(/[_]+/g, ' ');
  const list = [text, ...(lex.enumSynonyms.get(text) ?? [])];
  return list.map((v) => stems(v)).filter((s) => s.length > 0);
}

export function findEnum(ctx: Ctx, q: FieldQuery, options: unknown[], scope: Range): Found<unknown> | undefined {
  const unit = followUpUnit(ctx, splitKey(q.key), q.description, options, scope);
  if (unit) return unit;
  const strings = options.filter((o) => typeof o === 'string' || typeof o === 'number');
  const variants = strings.map((o) => enumVariants(o, ctx.lex));
  const pick = (region: Range, requireUnique: boolean): Found<unknown> | undefined => {
    let best: { i: number; hit: Range; rank: number } | undefined;
    const seen = new Map<number, Range>();
    variants.forEach((vs, i) => {
      // Single-letter variants ("m", "f") only inside a labelled value.
      const usable = vs.filter((v) => v.length > 1 || v[0].length > 1 || region.end - region.start < 4);
      for (const h of findPhrases(ctx.doc, usable, region)) {
        if (assertionOf(ctx.doc, h).negated && !/^(no|none|never|negative|absent)$/i.test(String(strings[i]))) continue;
        seen.set(i, h);
        const rank = h.rank === 0 ? 0 : 1;
        if (!best || rank < best.rank || (rank === best.rank && h.start < best.hit.start)) best = { i, hit: h, rank };
        break;
      }
    });
    if (!best) return undefined;
    if (requireUnique && seen.size !== 1) {
      // An everyday word among the options ("other", "unknown") does not make the one
      // real option mentioned ambiguous: "Other diagnoses: …" is not the sex "other".
      const real = [...seen].filter(([i]) => !EVERYDAY_OPTION.test(String(strings[i])));
      if (real.length !== 1) return undefined;
      return { value: strings[real[0][0]], span: real[0][1] };
    }
    return { value: strings[best.i], span: best.hit };
  };
  for (const { region, anchor, label } of regionsFor(ctx.doc, q, scope)) {
    if (!label) {
      // "Do you smoke? / No.": the option meaning none; a question left unanswered says nothing.
      const a = assertionOf(ctx.doc, anchor);
      if (a.unanswered) continue;
      const none = a.negated && !a.otherPerson ? strings.find((o) => NONE_OPTION.test(String(o))) : undefined;
      if (none !== undefined) return { value: none, span: anchor };
    }
    const r = label ? region : { start: sentenceStart(ctx.doc, anchor.start), end: region.end };
    const found = pick(r, false);
    if (found) return found;
  }
  // The concept is not named ("severity"), but exactly one option is mentioned.
  return pick(scope, true);
}

const NONE_OPTION = /^(never|none|no|non[- ]?smoker|never smoker|denies|absent|negative|nil)$/i;
const EVERYDAY_OPTION = /^(other|others|unknown|none|n\/?a|not specified|unspecified)$/i;

const STRING_CUE = /^\s*(?:is|was|are|were|of|:|-|=|includes?|including|reported as|noted as|consists? of)?\s*/i;

export function findString(ctx: Ctx, q: FieldQuery, node: SchemaNode, scope: Range): Found<string> | undefined {
  const keyWords = splitKey(q.key);
  const part = namePart(ctx, keyWords, scope);
  if (part) return part;
  return formString(ctx, keyWords, scope, findStringIn(ctx, q, node, scope));
}

function findStringIn(ctx: Ctx, q: FieldQuery, node: SchemaNode, scope: Range): Found<string> | undefined {
  const format = typeof node.format === 'string' ? node.format : undefined;
  if (format === 'date' || format === 'date-time') return findDate(ctx, q, node, scope);
  const purpose = followUpPurpose(ctx, splitKey(q.key), q.description, scope);
  if (purpose) return { value: clip(purpose.value, node), span: purpose.span };
  const formatted = format ? FORMAT_FINDERS[format] : undefined;
  if (formatted) {
    const m = formatted.exec(ctx.doc.text.slice(scope.start, scope.end));
    return m ? { value: m[0], span: { start: scope.start + m.index, end: scope.start + m.index + m[0].length } } : undefined;
  }
  if (hasWord(q, 'date') || /dob|birth|born/.test(q.words.join(' ')) || /\bdate\b/i.test(q.description)) {
    const d = findDate(ctx, q, node, scope);
    if (d) return d;
  }
  if (hasWord(q, 'name') || PERSON_ROLE.test(q.words.join(' '))) {
    // A person's name or nothing: a clause after "referred" is not a doctor's name.
    return findName(ctx, q, scope);
  }
  const wantsMeasure = q.words.some((w) => /^(bp|blood|pressur|dos|dosag|strength)$/.test(w));
  if (q.words.some((w) => /^(frequency|sig|schedul|often|how)$/.test(w))) {
    const f = findFrequency(ctx, scope);
    if (f) return f;
  }
  for (const { region, label } of regionsFor(ctx.doc, q, scope, false)) {
    if (wantsMeasure) {
      const m = ctx.numbers.find((n) => n.start >= region.start && n.start < Math.min(region.end, region.start + NEAR));
      if (m) return { value: ctx.doc.text.slice(m.start, m.end), span: m };
    }
    const raw = ctx.doc.text.slice(region.start, region.end);
    const lead = label ? 0 : STRING_CUE.exec(raw)![0].length;
    let end = region.end;
    if (!label) {
      const stop = /[;\n]|(?<!\b(?:Dr|Mr|Mrs|Ms|St|vs|approx|e\.g|i\.e))\.(?=\s|$)|,\s*(?:and |but |which )/.exec(raw.slice(lead));
      if (stop) end = region.start + lead + stop.index;
    }
    if (PREPOSITION_KEY.test(splitKey(q.key).pop() ?? '')) {
      // with, follow_up_with, referred_to: "with primary care in 1 week" gives the noun
      // phrase after the key's word, not the when.
      const stop = NOUN_PHRASE_END.exec(ctx.doc.text.slice(region.start + lead, end));
      if (stop) end = region.start + lead + stop.index;
    }
    const span = trim(ctx.doc.text, region.start + lead, end);
    if (span.end - span.start < 2) continue;
    return { value: clip(ctx.doc.text.slice(span.start, span.end), node), span };
  }
  if (q.words.some((w) => /^(dos|dosag|strength)$/.test(w))) {
    // Inside a medication item the dose is its first amount with a dose unit.
    const m = ctx.numbers.find((n) => within(n, scope) && (dimensionOf(n.unit, ctx.lex) === 'dose' || /^\s*(units?|puffs?|tablets?|tabs?|caps?|ml|drops?|%)/i.test(ctx.doc.text.slice(n.end, n.end + 8))));
    if (m) {
      const tail = /^\s*(units?|puffs?|tablets?|tabs?|capsules?|caps?|ml|drops?)\b/i.exec(ctx.doc.text.slice(m.end, m.end + 12));
      const end = m.end + (m.unit ? 0 : tail?.[0].length ?? 0);
      return { value: ctx.doc.text.slice(m.start, end), span: { start: m.start, end } };
    }
  }
  return undefined;
}

const NOUN_PHRASE_END = /\s+(?:in|within|for|on|after|at|by|from|to|via|until|if|when|once|before|next|every|about|regarding|as|who|which|and|or)\b|\s*[,;:(]/i;

const FREQUENCY = /\b(?:(?:once|twice|three times|four times|[1-4] times|[1-4]x)\s+(?:a|per|each|every)\s+(?:day|week|month|night)|(?:once|twice|three times|four times|[1-4] times)\s+(?:daily|weekly|nightly)|(?:every|q)\s*\d+(?:\s*(?:-|to)\s*\d+)?\s*(?:hours?|hrs?|h|days?|weeks?)|q\.?\s?\d+h|every (?:morning|night|evening|day|other day|week)|at (?:bedtime|night)|in the (?:morning|evening)|as needed|daily|nightly|weekly|monthly|bid|b\.i\.d\.?|tid|t\.i\.d\.?|qid|qd|qhs|prn|od|bd)\b/gi;

function findFrequency(ctx: Ctx, scope: Range): Found<string> | undefined {
  const text = ctx.doc.text.slice(scope.start, scope.end);
  FREQUENCY.lastIndex = 0;
  const first = FREQUENCY.exec(text);
  if (!first) return undefined;
  let end = first.index + first[0].length;
  // "every 4 hours as needed": adjacent expressions form one frequency.
  for (let next = FREQUENCY.exec(text); next && next.index - end <= 3; next = FREQUENCY.exec(text)) end = next.index + next[0].length;
  return { value: text.slice(first.index, end), span: { start: scope.start + first.index, end: scope.start + end } };
}

const FORMAT_FINDERS: Record<string, RegExp> = {
  email: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/,
  uri: /\bhttps?:\/\/[^\s<>"']+/,
  url: /\bhttps?:\/\/[^\s<>"']+/,
  uuid: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i,
  ipv4: /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\b/,
  time: /\b(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:Z|[+-]\d{2}:\d{2})\b/,
};

const PERSON_ROLE = /\b(physician|doctor|provider|clinician|gp|surgeon|consultant)\b/;
const NAME_WORDS = /^(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+){1,2}$/;

function findName(ctx: Ctx, q: FieldQuery, scope: Range): Found<string> | undefined {
  const text = ctx.doc.text.slice(scope.start, scope.end);
  const doctor = PERSON_ROLE.test(q.words.join(' ')) || /^referr/.test(q.words.join(' '));
  if (!doctor) {
    // "Patient: Jane Doe", "Re: Mr. John Smith"
    for (const f of matchLabels(ctx.doc, { ...q, phrases: [...q.phrases, ['re'], ['patient']] }, scope)) {
      const value = ctx.doc.text.slice(f.value.start, f.value.end).split(/\s{2,}|,|\(/)[0].trim();
      if (NAME_WORDS.test(value) || (/^[A-Z][a-zA-Z'-]+$/.test(value) && q.words.length > 1)) return { value, span: { start: f.value.start, end: f.value.start + value.length } };
    }
  }
  const patterns = doctor
    ? [/(?<!\b(?:Dear|To|Attn:?)\s+)\b(?:Dr\.?|Doctor)\s+([A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)/] // the addressee is not the author
    : [/\b(?:name is|named)\s*((?:Mr\.?|Mrs\.?|Ms\.?|Miss)?\s*[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+){0,2})/, /\b((?:Mr|Mrs|Ms|Miss)\.?\s+[A-Z][a-zA-Z'-]+(?:\s+[A-Z][a-zA-Z'-]+)?)/, /^\s*([A-Z][a-z]+\s+[A-Z][a-z]+)(?=,)/];
  for (const re of patterns) {
    const m = re.exec(text);
    if (!m) continue;
    const start = scope.start + m.index + m[0].lastIndexOf(m[1]);
    const value = m[1].trim();
    return { value: doctor && /^Dr/.test(m[0]) ? `Dr. ${value}` : value, span: { start, end: start + m[1].length } };
  }
  return undefined;
}

function trim(text: string, start: number, end: number): Range {
  while (start < end && /[\s,:;\-–(]/.test(text[start])) start++;
  while (end > start && /[\s,.;:\-–)]/.test(text[end - 1])) end--;
  return { start, end };
}

function clip(s: string, node: SchemaNode): string {
  const max = typeof node.maxLength === 'number' ? node.maxLength : 2000;
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
}
