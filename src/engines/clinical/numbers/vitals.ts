// Vital signs from one (number-normalised) sentence: value strings as a note writes them.
export interface Vitals {
  bloodPressure?: string;
  heartRate?: string;
  temperature?: string;
  respiratoryRate?: string;
  oxygenSaturation?: string;
  weight?: string;
}

// Global: each is read with matchAll, which works on its own copy.
const PATTERNS: [keyof Vitals, RegExp, (m: RegExpMatchArray) => string][] = [
  ['bloodPressure', /\b(?:blood pressure|bp)\b[^.?!\d]{0,80}?(\d{2,3})\s*\/\s*(\d{2,3})/gi, (m) => `${m[1]}/${m[2]} mmHg`],
  ['heartRate', /\b(?:heart rate|pulse(?! ?ox)|hr)\b[^.?!\d]{0,50}?(\d{2,3})\b(?!\s*%)/gi, (m) => `${m[1]} bpm`],
  ['temperature', /\b(?:temperature|temp|fever of)\b[^.?!\d]{0,30}?(\d{2,3}(?:\.\d)?)\b/gi, (m) => `${m[1]} °${Number(m[1]) > 50 ? 'F' : 'C'}`],
  ['respiratoryRate', /\b(?:respiratory rate|respirations|resp rate|breathing rate|rr)\b[^.?!\d]{0,30}?(\d{1,2})\b/gi, (m) => `${m[1]} breaths/min`],
  ['oxygenSaturation', /\b(?:oxygen saturation|o2 sat\w*|sats?|saturation|pulse ?ox\w*|saturating|satt?ing)\b[^.?!\d]{0,30}?(\d{2,3})\s*%?/gi, (m) => `${m[1]}%`],
  ['weight', /\b(?:weight|weigh|weighs|weighing)\b[^.?!\d]{0,30}?(\d{2,3}(?:\.\d)?)\s*(pounds|lbs?|kilograms|kg)\b/gi, (m) => `${m[1]} ${/^k/.test(m[2]!) ? 'kg' : 'lb'}`],
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
