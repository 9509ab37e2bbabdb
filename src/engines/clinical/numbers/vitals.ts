// Vital signs from one (number-normalised) sentence: value strings as a note writes them.
import { readingUnit, vitalName, WEIGHT_UNITS, weightUnit } from '../language/vitals.ts';

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
  bloodPressure: { gap: 80, value: '(\\d{2,3})\\s*\\/\\s*(\\d{2,3})', format: (m) => `${m[1]}/${m[2]} mmHg` },
  heartRate: { gap: 50, value: '(\\d{2,3})\\b(?!\\s*%)', format: (m) => `${m[1]} bpm` },
  temperature: { gap: 30, value: '(\\d{2,3}(?:\\.\\d)?)\\b', format: (m) => `${m[1]} °${Number(m[1]) > 50 ? 'F' : 'C'}` },
  respiratoryRate: { gap: 30, value: '(\\d{1,2})\\b', format: (m) => `${m[1]} breaths/min` },
  oxygenSaturation: { gap: 30, value: '(\\d{2,3})\\s*%?', format: (m) => `${m[1]}%` },
  weight: { gap: 30, value: `(\\d{2,3}(?:\\.\\d)?)\\s*(${WEIGHT_UNITS})\\b`, format: (m) => `${m[1]} ${weightUnit(m[2]!)}` },
};
const KINDS = Object.keys(READINGS) as (keyof Vitals)[];

// Global: each is read with matchAll, which works on its own copy. Names and units are data
// (language/vitals.ts); each alternative is a literal and each gap is bounded, so matching stays linear.
const NAMED = KINDS.map((kind) => [kind, new RegExp(`${name(kind)}${gap(READINGS[kind].gap)}${READINGS[kind].value}`, 'gi')] as const);
// A reading its unit names when no name is near: "going at about 60 beats a minute", "98% on room air".
const UNIT_NAMED = KINDS.flatMap((kind) => {
  const unit = readingUnit(kind);
  return unit ? [[kind, new RegExp(`\\b${READINGS[kind].value}\\s*${unit}\\b`, 'gi')] as const] : [];
});

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

export function vitalsIn(sentence: string): Vitals {
  const found: Vitals = {};
  // The first plausible reading: "oxygen saturation, blood pressure 128/88, … pulse ox 98%";
  // one named by its unit only when no name gives one.
  for (const [key, re] of [...NAMED, ...UNIT_NAMED]) {
    if (found[key]) continue;
    const m = [...sentence.matchAll(re)].find((x) => PLAUSIBLE[key](Number(x[1])));
    if (m) found[key] = READINGS[key].format(m);
  }
  return found;
}
