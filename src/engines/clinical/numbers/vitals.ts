// Vital signs from one (number-normalised) sentence: value strings as a note writes them.
import { PRESSURE_SEPARATORS, readingUnit, vitalName, WEIGHT_CHANGE_BEFORE, WEIGHT_UNITS, weightUnit } from '../language/vitals.ts';

export interface Vitals {
  bloodPressure?: string;
  heartRate?: string;
  temperature?: string;
  respiratoryRate?: string;
  oxygenSaturation?: string;
  weight?: string;
}

const name = (kind: keyof Vitals): string => `\\b${vitalName(kind)}\\b`;
// Between a name and its reading: no sentence end and no other number, within a few words.
const gap = (max: number): string => `[^.?!\\d]{0,${max}}?`;

interface Reading { gap: number; value: string; format: (m: RegExpMatchArray) => string }
// How each kind's value is written, how far it may sit from its name, and how a note writes it.
const READINGS: Record<keyof Vitals, Reading> = {
  bloodPressure: { gap: 80, value: `(\\d{2,3})(?:\\s*\\/\\s*|\\s+(?:${PRESSURE_SEPARATORS})\\s+)(\\d{2,3})\\b`, format: (m) => `${m[1]}/${m[2]} mmHg` },
  heartRate: { gap: 50, value: '(\\d{2,3})\\b(?!\\s*%)', format: (m) => `${m[1]} bpm` },
  temperature: { gap: 30, value: '(\\d{2,3}(?:\\.\\d)?)\\b', format: (m) => `${m[1]} °${Number(m[1]) > 50 ? 'F' : 'C'}` },
  respiratoryRate: { gap: 30, value: '(\\d{1,2})\\b', format: (m) => `${m[1]} breaths/min` },
  oxygenSaturation: { gap: 30, value: '(\\d{2,3})\\s*%?', format: (m) => `${m[1]}%` },
  // A named weight may leave its unit unsaid ("weight one ninety seven"); the note then gives none.
  weight: { gap: 30, value: `(\\d{2,3}(?:\\.\\d)?)\\b(?:\\s*(${WEIGHT_UNITS})\\b)?`, format: (m) => (m[2] ? `${m[1]} ${weightUnit(m[2])}` : m[1]!) },
};
const KINDS = Object.keys(READINGS) as (keyof Vitals)[];

// Global: each is read with matchAll, which works on its own copy. Names and units are data
// (language/vitals.ts); each alternative is a literal and each gap is bounded, so matching stays linear.
const NAMED = KINDS.map((kind) => [kind, new RegExp(`${name(kind)}${gap(READINGS[kind].gap)}${READINGS[kind].value}`, 'gi')] as const);
// A reading its unit names when no name is near: "going at about 60 beats a minute", "98% on room air".
const UNIT_NAMED = [
  ...KINDS.flatMap((kind) => {
    const unit = readingUnit(kind);
    return unit ? [[kind, new RegExp(`\\b${READINGS[kind].value}\\s*${unit}\\b`, 'gi')] as const] : [];
  }),
  // A number in a weight unit is a weight unnamed ("I am at 183 pounds"); plausible() turns away a change.
  ['weight', new RegExp(`\\b(\\d{2,3}(?:\\.\\d)?)\\s*(${WEIGHT_UNITS})\\b`, 'gi')] as const,
];

/** The patterns, for the ReDoS audit: they are built from data, so the source scan cannot see them. */
export const VITAL_PATTERNS: readonly RegExp[] = [...NAMED, ...UNIT_NAMED].map(([, re]) => re);

const PLAUSIBLE: Record<keyof Vitals, (v: number) => boolean> = {
  bloodPressure: (v) => v >= 60 && v <= 260,
  heartRate: (v) => v >= 25 && v <= 250,
  temperature: (v) => (v >= 34 && v <= 43) || (v >= 93 && v <= 110),
  respiratoryRate: (v) => v >= 6 && v <= 60,
  oxygenSaturation: (v) => v >= 50 && v <= 100,
  weight: (v) => v >= 2 && v <= 700,
};
// Below this, a number is read as a body weight only when "weight" names it and a unit follows:
// "weight for 3 months" and "put on 10 pounds" are not the patient's weight.
const BODY_WEIGHT_MIN = 50;
// How far back a change of weight ("lost about 20 pounds") is looked for.
const CHANGE_LOOKBACK = 30;

/** Whether a match is a plausible reading of its kind: in range, and for a weight, the weight itself and not a change of it. */
function plausible(kind: keyof Vitals, m: RegExpMatchArray, sentence: string, named: boolean): boolean {
  const v = Number(m[1]);
  if (!PLAUSIBLE[kind](v)) return false;
  if (kind !== 'weight') return true;
  if (v < BODY_WEIGHT_MIN && !(m[2] && named)) return false;
  const at = (m.index ?? 0) + m[0].indexOf(m[1]!);
  return !WEIGHT_CHANGE_BEFORE.test(sentence.slice(Math.max(0, at - CHANGE_LOOKBACK), at));
}

export function vitalsIn(sentence: string): Vitals {
  const found: Vitals = {};
  // The first plausible reading: "oxygen saturation, blood pressure 128/88, … pulse ox 98%";
  // one named by its unit only when no name gives one.
  for (const [key, re, named] of [...NAMED.map(([k, r]) => [k, r, true] as const), ...UNIT_NAMED.map(([k, r]) => [k, r, false] as const)]) {
    if (found[key]) continue;
    const m = [...sentence.matchAll(re)].find((x) => plausible(key, x, sentence, named));
    if (m) found[key] = READINGS[key].format(m);
  }
  return found;
}
