// Vital signs from one (number-normalised) sentence: value strings as a note writes them.
import { vitalName, WEIGHT_UNITS, weightUnit } from '../language/vitals.ts';

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

// Global: each is read with matchAll, which works on its own copy. Names and units are data
// (language/vitals.ts); each alternative is a literal and each gap is bounded, so matching stays linear.
const PATTERNS: [keyof Vitals, RegExp, (m: RegExpMatchArray) => string][] = [
  ['bloodPressure', new RegExp(`${name('bloodPressure')}${gap(80)}(\\d{2,3})\\s*\\/\\s*(\\d{2,3})`, 'gi'), (m) => `${m[1]}/${m[2]} mmHg`],
  ['heartRate', new RegExp(`${name('heartRate')}${gap(50)}(\\d{2,3})\\b(?!\\s*%)`, 'gi'), (m) => `${m[1]} bpm`],
  ['temperature', new RegExp(`${name('temperature')}${gap(30)}(\\d{2,3}(?:\\.\\d)?)\\b`, 'gi'), (m) => `${m[1]} °${Number(m[1]) > 50 ? 'F' : 'C'}`],
  ['respiratoryRate', new RegExp(`${name('respiratoryRate')}${gap(30)}(\\d{1,2})\\b`, 'gi'), (m) => `${m[1]} breaths/min`],
  ['oxygenSaturation', new RegExp(`${name('oxygenSaturation')}${gap(30)}(\\d{2,3})\\s*%?`, 'gi'), (m) => `${m[1]}%`],
  ['weight', new RegExp(`${name('weight')}${gap(30)}(\\d{2,3}(?:\\.\\d)?)\\s*(${WEIGHT_UNITS})\\b`, 'gi'), (m) => `${m[1]} ${weightUnit(m[2]!)}`],
];

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
  for (const [key, re, format] of PATTERNS) {
    // The first plausible reading: "oxygen saturation, blood pressure 128/88, … pulse ox 98%".
    const m = [...sentence.matchAll(re)].find((x) => PLAUSIBLE[key](Number(x[1])));
    if (m) found[key] = format(m);
  }
  return found;
}
