// Vital signs from one (number-normalised) sentence: every reading with its place, and the value strings a note writes.
import {
  CONTINUATION, listName, nameAfter, NOT_READING_BEFORE, PERSON_SUBJECT, POSITIONAL_LIST, PRESSURE_SEPARATORS, SPOKEN_PRESSURE, readingUnit, STATED_SHOWN, statedNow, unitContext, vitalName, WEIGHT_CHANGE_BEFORE,
  WEIGHED_BEFORE, WEIGHT_STATED_BEFORE, WEIGHT_UNITS, weightUnit,
} from '../language/vitals.ts';

export interface Vitals {
  bloodPressure?: string;
  heartRate?: string;
  temperature?: string;
  respiratoryRate?: string;
  oxygenSaturation?: string;
  weight?: string;
}

/** One reading in a sentence: its kind, the value as a note writes it, and where its number stands. */
export interface VitalReading {
  kind: keyof Vitals;
  value: string;
  start: number;
  end: number;
  /** A pair read as a blood pressure by its shape alone, in a sentence that names none ("that's 138 over 86"). */
  unnamed?: boolean;
  /** Read by its unit alone ("60 beats a minute"): a reading named in the same sentence wins over it. */
  byUnit?: boolean;
}

const name = (kind: keyof Vitals): string => `\\b${vitalName(kind)}\\b`;
// Between a name and its reading: no sentence end and no other number, within a few words.
const gap = (max: number): string => `[^.?!\\d]{0,${max}}?`;
// A number that begins a blood pressure ("90/60", "90 over 60") is not another sign's reading.
const NOT_PRESSURE = `(?!\\s*(?:\\/\\s*\\d|(?:${PRESSURE_SEPARATORS})\\s+\\d))`;
const PRESSURE = `(\\d{2,3})(?:\\s*\\/\\s*|\\s+(?:${PRESSURE_SEPARATORS})\\s+)(\\d{2,3})\\b`;

interface Reading { gap: number; value: string; format: (m: RegExpMatchArray) => string }
// How each kind's value is written, how far it may sit from its name, and how a note writes it.
const READINGS: Record<keyof Vitals, Reading> = {
  bloodPressure: { gap: 80, value: PRESSURE, format: (m) => `${m[1]}/${m[2]} mmHg` },
  heartRate: { gap: 50, value: `(\\d{2,3})\\b(?!\\s*%)${NOT_PRESSURE}`, format: (m) => `${m[1]} bpm` },
  temperature: { gap: 30, value: `(\\d{2,3}(?:\\.\\d)?)\\b${NOT_PRESSURE}`, format: (m) => `${m[1]} °${Number(m[1]) > 50 ? 'F' : 'C'}` },
  respiratoryRate: { gap: 30, value: `(\\d{1,2})\\b${NOT_PRESSURE}`, format: (m) => `${m[1]} breaths/min` },
  oxygenSaturation: { gap: 30, value: `(\\d{2,3})\\b${NOT_PRESSURE}\\s*%?`, format: (m) => `${m[1]}%` },
  // A named weight may leave its unit unsaid ("weight one ninety seven"); the note then gives none.
  weight: { gap: 30, value: `(\\d{1,3}(?:\\.\\d)?)\\b${NOT_PRESSURE}(?:\\s*(${WEIGHT_UNITS})\\b)?`, format: (m) => (m[2] ? `${m[1]} ${weightUnit(m[2])}` : m[1]!) },
};
const KINDS = Object.keys(READINGS) as (keyof Vitals)[];

type How = 'named' | 'listed' | 'unit' | 'shape' | 'after';
interface Pattern { kind: keyof Vitals; re: RegExp; how: How }
const pattern = (kind: keyof Vitals, source: string, how: How): Pattern => ({ kind, re: new RegExp(source, 'gi'), how });

// Global: each is read with matchAll, which works on its own copy. Names and units are data
// (language/vitals.ts); each alternative is a literal and each gap is bounded, so matching stays linear.
const PATTERNS: readonly Pattern[] = [
  ...KINDS.map((kind) => pattern(kind, `${name(kind)}${gap(READINGS[kind].gap)}${READINGS[kind].value}`, 'named')),
  // A vitals list's short names ("T 98.6, P 72, R 16"), only right before the number.
  ...KINDS.flatMap((kind) => {
    const short = listName(kind);
    return short ? [pattern(kind, `\\b${short}\\b[\\s:=-]{0,3}${READINGS[kind].value}`, 'listed')] : [];
  }),
  // A reading its unit names when no name is near: "going at about 60 beats a minute", "98% on room air".
  ...KINDS.flatMap((kind) => {
    const unit = readingUnit(kind);
    return unit ? [pattern(kind, `\\b${READINGS[kind].value}\\s*${unit}\\b`, 'unit')] : [];
  }),
  // A saturation said of the patient with its percent ("you're 95% on 2 liters"): of a person a bare
  // number is an age, a percent is not; the sentence must speak of oxygen (UNIT_CONTEXT).
  pattern('oxygenSaturation', `${PERSON_SUBJECT}(?:at\\s+)?(\\d{2,3})\\s*%`, 'unit'),
  // A number in a weight unit is a weight unnamed ("I am at 183 pounds"); plausible() turns away a change.
  pattern('weight', `\\b(\\d{1,3}(?:\\.\\d)?)\\s*(${WEIGHT_UNITS})\\b`, 'unit'),
  // Two numbers joined as a pressure is one unnamed when spoken so ("that's 138 over 86"), or written
  // "158/96" in a sentence that names a blood pressure: a bare "250/50" is as likely a drug's strength
  // (vitalReadings decides which).
  pattern('bloodPressure', `\\b${PRESSURE}`, 'shape'),
  // The number first and its sign after ("… and 72 for the heart"), beside another reading only (vitalReadings).
  ...KINDS.flatMap((kind) => {
    const after = nameAfter(kind);
    return after ? [pattern(kind, `\\b${READINGS[kind].value}${after}`, 'after')] : [];
  }),
];

const PRESSURE_NAMED = new RegExp(name('bloodPressure'), 'i');
// Another sign's name between a name and a number takes the number ("afebrile, heart rate 98").
const OTHER_NAMES = new Map(KINDS.map((kind) => [kind, new RegExp(KINDS.filter((k) => k !== kind).map(name).join('|'), 'i')] as const));
const UNIT_CONTEXT = new Map(KINDS.map((kind) => [kind, unitContext(kind)] as const));

const PLAUSIBLE: Record<keyof Vitals, (v: number) => boolean> = {
  bloodPressure: (v) => v >= 60 && v <= 260,
  heartRate: (v) => v >= 25 && v <= 250,
  temperature: (v) => (v >= 34 && v <= 43) || (v >= 93 && v <= 110),
  respiratoryRate: (v) => v >= 6 && v <= 60,
  oxygenSaturation: (v) => v >= 50 && v <= 100,
  weight: (v) => v >= 2 && v <= 700,
};
const DIASTOLIC = (v: number) => v >= 30 && v <= 160;
// Below this, a number is read as a body weight only in kilograms, named or stated ("she's 9 kilos"):
// "weight for 3 months" and "lift 10 pounds" are not the patient's weight.
const BODY_WEIGHT_MIN = 50;
// How far back a change of weight ("lost about 20 pounds") or a target ("below") is looked for.
const LOOKBACK = 30;
// "60 to 100", "60-100": a range is a norm or a guess, not a reading.
const RANGE_AFTER = /^\s*(?:to|-)\s*\d/i;

/** Where the reading's first number stands in the sentence. */
const numberAt = (m: RegExpMatchArray): number => (m.index ?? 0) + m[0].indexOf(m[1]!);

/** A match as a reading of its kind: the value as a note writes it, and where it stands. */
const readingOf = (kind: keyof Vitals, m: RegExpMatchArray): VitalReading => ({
  kind, value: READINGS[kind].format(m), start: numberAt(m), end: (m.index ?? 0) + m[0].length,
});

/** Whether a match is a plausible reading of its kind: in range, not a target, a range or (for a weight) a change. */
function plausible(p: Pattern, m: RegExpMatchArray, sentence: string): boolean {
  const v = Number(m[1]);
  if (!PLAUSIBLE[p.kind](v)) return false;
  if (p.kind === 'bloodPressure' && !(DIASTOLIC(Number(m[2])) && v > Number(m[2]))) return false;
  const at = numberAt(m);
  const before = sentence.slice(Math.max(0, at - LOOKBACK), at);
  if (NOT_READING_BEFORE.test(before) || RANGE_AFTER.test(sentence.slice((m.index ?? 0) + m[0].length))) return false;
  const context = p.how === 'unit' ? UNIT_CONTEXT.get(p.kind) : undefined;
  if (context && !context.test(sentence)) return false;
  if (p.how === 'named' && OTHER_NAMES.get(p.kind)!.test(sentence.slice((m.index ?? 0) + 1, at))) return false;
  if (p.kind !== 'weight') return true;
  // A small weight is a body weight (a child's) in kilograms named or stated ("she's 9 kilos"), in pounds
  // only right after a weighing verb ("she weighs 38 pounds"): a few pounds is otherwise nearly always a
  // change or a load ("a 10 pound weight gain", "call me if you gain 3 pounds", "lift 10 pounds").
  if (v < BODY_WEIGHT_MIN && !(m[2] && smallBodyWeight(weightUnit(m[2]), p.how, before))) return false;
  return !WEIGHT_CHANGE_BEFORE.test(before);
}

/** Whether a weight under BODY_WEIGHT_MIN in this unit, found so, is a body weight (see plausible). */
function smallBodyWeight(unit: 'kg' | 'lb', how: How, before: string): boolean {
  return unit === 'kg' ? how === 'named' || WEIGHT_STATED_BEFORE.test(before) : WEIGHED_BEFORE.test(before);
}

/**
 * Every plausible reading in the (number-normalised) sentence, in order. A list's short names count
 * only beside a reading named in full, or opening a sentence `inList` (one that follows a reading in a
 * dictated list cut at each item: "bp 120/80 . p 72 . r 14 ."); a pair with no pressure named only when `said` (the words as
 * spoken, before numbers were normalised) joins two numbers as a pressure ("138 over 86").
 */
export function vitalReadings(sentence: string, said = sentence, inList = false): VitalReading[] {
  const out: VitalReading[] = [];
  let named = false;
  const pressureNamed = PRESSURE_NAMED.test(sentence);
  for (const p of PATTERNS) {
    if (p.how === 'listed' && !named && !inList) continue;
    if (p.how === 'shape' && !pressureNamed && !SPOKEN_PRESSURE.test(said)) continue;
    if (p.how === 'after' && out.length === 0) continue;
    for (const m of sentence.matchAll(p.re)) {
      if (!plausible(p, m, sentence)) continue;
      // A list item the recogniser cut off as its own sentence opens it ("bp 120/80 . p 72 . r 14 .").
      if (p.how === 'listed' && !named && !/^\W*$/.test(sentence.slice(0, m.index))) continue;
      if (p.how === 'named') named = true;
      out.push({ ...readingOf(p.kind, m), ...(p.how === 'shape' && !pressureNamed && { unnamed: true }), ...(p.how === 'unit' && { byUnit: true }) });
    }
  }
  const byPosition = positionalReadings(sentence).filter((r) => !out.some((o) => o.kind === r.kind));
  return withContinuations(namedOverUnit([...out, ...byPosition].sort((a, b) => a.start - b.start)), sentence);
}

// The shapes of a positional list's items: a pair; a percent; a number in F or C; a number with tenths; a bare whole number.
const LIST_ITEM = /^(\d{2,3})\s*\/\s*(\d{2,3})\b|^(\d{2,3})\s*%|^(\d{2,3}(?:\.\d)?)\s*°?\s*[fc]\b|^(\d{2,3}\.\d)$|^(\d{1,3})$/i;
const ITEM_KIND: readonly (keyof Vitals)[] = ['bloodPressure', 'bloodPressure', 'oxygenSaturation', 'temperature', 'temperature'];

/** Groups as a match of a reading's value pattern, for its note format. */
const asMatch = (...groups: string[]): RegExpMatchArray => Object.assign(['', ...groups], { index: 0, input: '' }) as unknown as RegExpMatchArray;

// A sentence that is a list by position with no header ("[doctor] 98.9 F, 84, 18, 136/82, 97% RA": the
// header is not said, or a sentence break parted it; a "VS:" line start is no longer taken for a speaker's
// label, transcript/read.ts) has at least this many items, a pressure among them and a temperature or a saturation.
const HEADLESS_ITEMS = 4;

/**
 * The values a dictated line gives by position after its header ("VS: 98.9 F, 84, 18, 136/82, 97% RA"),
 * each known by its shape; of exactly two bare whole numbers the first is the pulse and the second the
 * respiratory rate (the T-P-R order). None when an item has another shape ("BP 118/76" is named, read so).
 */
function positionalReadings(sentence: string): VitalReading[] {
  const header = POSITIONAL_LIST.exec(sentence);
  const from = header ? header.index + header[0].length : 0;
  const out = listItems(sentence, from);
  if (header || out.length >= HEADLESS_ITEMS && out.some((r) => r.kind === 'bloodPressure') && out.some((r) => r.kind === 'temperature' || r.kind === 'oxygenSaturation')) return out;
  return [];
}

/** The items of a positional list from `from` to the sentence's end, read by shape and place (positionalReadings). */
function listItems(sentence: string, from: number): VitalReading[] {
  const out: VitalReading[] = [];
  const bare: VitalReading[] = [];
  let at = from;
  for (const item of sentence.slice(at).split(',')) {
    const start = at + (item.length - item.trimStart().length);
    at += item.length + 1;
    const m = LIST_ITEM.exec(item.trim().replace(/\s*[.!?]$/, ''));
    if (!m) return [];
    const end = start + m[0].length;
    const group = m.findIndex((g, i) => i > 0 && g !== undefined);
    if (group === 6) bare.push({ kind: 'heartRate', value: m[6]!, start, end });
    else if (group === 1) out.push({ kind: 'bloodPressure', value: READINGS.bloodPressure.format(asMatch(m[1]!, m[2]!)), start, end });
    else out.push({ kind: ITEM_KIND[group - 1]!, value: READINGS[ITEM_KIND[group - 1]!].format(asMatch(m[group]!)), start, end });
  }
  if (bare.length === 2) out.push({ ...bare[0]!, value: READINGS.heartRate.format(asMatch(bare[0]!.value)) }, { ...bare[1]!, kind: 'respiratoryRate', value: READINGS.respiratoryRate.format(asMatch(bare[1]!.value)) });
  return out.filter((r) => positionPlausible(r));
}

/** Whether a value read by its position or shape is in range for its kind (a pressure's systolic above its diastolic). */
function positionPlausible(r: VitalReading): boolean {
  const [first, second] = (r.value.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (first === undefined || !PLAUSIBLE[r.kind](first)) return false;
  return r.kind !== 'bloodPressure' || (second !== undefined && DIASTOLIC(second) && first > second);
}

// A later value of a sign already read: "temp 38.2, down to 37.5", "sorry, that's 72". Not for a
// pressure, whose pairs are read by their shape.
const CONTINUED = new Map<keyof Vitals, RegExp>(
  KINDS.filter((kind) => kind !== 'bloodPressure').map((kind) => [kind, new RegExp(`${CONTINUATION}${READINGS[kind].value}`, 'gi')]),
);

// A bare value said to be this visit's ("it's 94 here", "you're at 188 now"): it has no name of its own.
const STATED = new Map<keyof Vitals, RegExp[]>(KINDS.map((kind) => {
  const { before, after } = statedNow(kind);
  const value = READINGS[kind].value;
  // … or a device's display read out ("it beeped. it says 99.9."): the number ends its clause.
  return [kind, [new RegExp(`${before}${value}${after}`, 'gi'), new RegExp(`${STATED_SHOWN.before}${value}${STATED_SHOWN.after}`, 'gi')]];
}));
// A sentence that is a bare value ("209.", "156.4, okay, you can step down."): it too has no name of its own.
const BARE = new Map<keyof Vitals, RegExp>(KINDS.map((kind) => [kind, new RegExp(`^[^\\w]*${READINGS[kind].value}\\s*(?:[,.!?]|$)`, 'gi')]));
const NAMES = new Map(KINDS.map((kind) => [kind, new RegExp(name(kind), 'gi')] as const));
// A number in a weight unit names a weight for what follows ("you've lost 10 pounds." "you're 198 today.").
const WEIGHT_IN_UNIT = new RegExp(`\\b\\d+(?:\\.\\d)?\\s*(${WEIGHT_UNITS})\\b`, 'gi');
// Of a person a bare whole number up to this is as likely an age ("she's 72 now").
const AGE_MAX = 120;

/** The patterns, for the ReDoS audit: they are built from data, so the source scan cannot see them. */
export const VITAL_PATTERNS: readonly RegExp[] = [...PATTERNS.map((p) => p.re), ...CONTINUED.values(), ...[...STATED.values()].flat(), ...BARE.values()];

/** The sign whose name `text` says last, if any ("what did they get for your oxygen …?" names a saturation). */
export function lastNamedKind(text: string): keyof Vitals | undefined {
  let last: { kind: keyof Vitals; at: number } | undefined;
  for (const [kind, re] of NAMES) {
    for (const m of text.matchAll(re)) if (!last || (m.index ?? 0) >= last.at) last = { kind, at: m.index ?? 0 };
  }
  return last?.kind;
}

/** The unit of the last number `text` gives in a weight unit ("I think 20 kilos." is kg), if any. */
export function weightUnitSaid(text: string): 'kg' | 'lb' | undefined {
  const m = [...text.matchAll(WEIGHT_IN_UNIT)].at(-1);
  return m ? weightUnit(m[1]!) : undefined;
}

/**
 * The value a sentence is made of, bare ("209."), read as a `kind` just named before ("step on the
 * scale for me." "156.4, okay"); plausible as every reading is.
 */
export function bareReading(text: string, kind: keyof Vitals): VitalReading | undefined {
  const re = BARE.get(kind)!;
  const m = [...text.matchAll(re)][0];
  return m && plausible({ kind, re, how: 'named' }, m, text) ? readingOf(kind, m) : undefined;
}

/**
 * The bare values `text` states as this visit's ("it's 22 now"), each read as the sign named last
 * before it in `text`, or as `earlier` (the sign named a few sentences back) when `text` names none
 * before it; plausible as every reading is.
 */
export function statedReadings(text: string, earlier?: keyof Vitals, earlierUnit?: 'kg' | 'lb'): VitalReading[] {
  const out: VitalReading[] = [];
  for (const [kind, res] of STATED) {
    for (const said of res.flatMap((re) => [...text.matchAll(re)])) {
      const at = numberAt(said);
      const here = lastNamedKind(text.slice(0, at));
      if ((here ?? earlier) !== kind) continue;
      const m = here || !earlierUnit ? said : unitCarried(said, earlierUnit);
      if (!m) continue;
      if (plausible({ kind, re: res[0]!, how: 'named' }, m, text)) out.push(readingOf(kind, m));
    }
  }
  return out;
}

/**
 * A bare weight stated after a weight was given only in a unit ("I think 20 kilos." "he's 21.3 today."),
 * in that unit; none when the number could be an age ("you've lost 10 pounds." "you're 65 now.").
 */
function unitCarried(m: RegExpMatchArray, unit: 'kg' | 'lb'): RegExpMatchArray | undefined {
  if (!m[1]!.includes('.') && Number(m[1]) <= AGE_MAX) return undefined;
  return m[2] || unit === 'lb' ? m : inKilograms(m);
}

/**
 * The last value of the kind of `of` that `text` gives after `from` as a continuation of that reading
 * (see CONTINUED), with no other sign named between; plausible as every reading is. A weight said
 * bare keeps the unit of the weight it follows ("2.9 kilos at birth and now he's 4.6" is 4.6 kg).
 */
export function continuedReading(text: string, of: VitalReading, from = 0): VitalReading | undefined {
  const kind = of.kind;
  const re = CONTINUED.get(kind);
  if (!re) return undefined;
  let found: VitalReading | undefined;
  for (const said of text.matchAll(re)) {
    const m = kind === 'weight' && !said[2] && of.value.endsWith(' kg') ? inKilograms(said) : said;
    const at = numberAt(m);
    if (at < from || OTHER_NAMES.get(kind)!.test(text.slice(from, at))) continue;
    if (plausible({ kind, re, how: 'named' }, m, text)) found = readingOf(kind, m);
  }
  return found;
}

/** A weight match read as said in kilograms: its unit group filled, its place unchanged. */
function inKilograms(m: RegExpMatchArray): RegExpMatchArray {
  const copy = Object.assign([...m], { index: m.index, input: m.input }) as RegExpMatchArray;
  copy[2] = 'kg';
  return copy;
}

/** Readings in order, each followed by its continuation in the sentence if any ("38.2 C, down to 37.5 C"). */
function withContinuations(readings: VitalReading[], sentence: string): VitalReading[] {
  const more = readings.filter((r) => !r.unnamed).flatMap((r) => continuedReading(sentence, r, r.end) ?? []);
  return [...readings, ...more].sort((a, b) => a.start - b.start);
}

/** Readings in order, less any read by its unit alone where the sentence names one of its kind. */
function namedOverUnit(readings: VitalReading[]): VitalReading[] {
  const named = new Set(readings.filter((r) => !r.byUnit).map((r) => r.kind));
  return readings.filter((r) => !(r.byUnit && named.has(r.kind)));
}

/** The sentence's reading of each kind: the last one said ("158/96, repeat 150/92" is 150/92). */
export function vitalsIn(sentence: string, said = sentence): Vitals {
  const found: Vitals = {};
  for (const r of vitalReadings(sentence, said)) found[r.kind] = r.value;
  return found;
}
