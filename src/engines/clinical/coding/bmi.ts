// The adult body mass index a visit states, and its Z68 code (guidelines I.B.14, I.C.21.c.3;
// cue words in data/language/en/coding.json `body_mass_index`).
import { splitSentences } from '../context/sentences.ts';
import { wordsPattern } from '../language/data.ts';
import { codingCues } from '../language/coding.ts';

interface Patterns { value: RegExp; percentile: RegExp }
let patterns: Patterns | undefined;

// Words allowed between the name and its value ("BMI is 34", "BMI today of 41.2", "BMI came in at 31").
const BETWEEN = String.raw`(?:\s+(?:is|was|of|at|today|now|came|comes|in|measured|around|about|=|:|s)){0,4}\s*`;

function compiled(): Patterns {
  if (patterns) return patterns;
  const c = codingCues().body_mass_index;
  patterns = {
    value: new RegExp(`${wordsPattern(c.names)}${BETWEEN}(\\d{2}(?:\\.\\d)?)(?![\\d.]*\\s*(?:percent|%))`, 'gi'),
    percentile: new RegExp(wordsPattern(c.percentile), 'i'),
  };
  return patterns;
}

// Adult BMI values the Z68 codes take (Z68.1 is 19.9 or less; Z68.45 is 70 or more).
const MIN_READ = 12;
const MAX_READ = 90;

/** The last adult BMI value the visit states in digits; undefined when none (or only a child's percentile). */
export function bodyMassIndex(text: string): number | undefined {
  const p = compiled();
  let value: number | undefined;
  for (const { start, end } of splitSentences(text, [])) {
    const sentence = text.slice(start, end);
    if (p.percentile.test(sentence)) continue;
    p.value.lastIndex = 0;
    for (let m = p.value.exec(sentence); m; m = p.value.exec(sentence)) {
      const n = Number(m[1]);
      if (n >= MIN_READ && n <= MAX_READ) value = n;
    }
  }
  return value;
}

/** Z68 for an adult BMI (ICD-10-CM tabular Z68.1-Z68.45). */
export function bmiCode(bmi: number): string {
  if (bmi < 20) return 'Z68.1';
  if (bmi < 40) return `Z68.${Math.floor(bmi)}`;
  if (bmi < 45) return 'Z68.41';
  if (bmi < 50) return 'Z68.42';
  if (bmi < 60) return 'Z68.43';
  if (bmi < 70) return 'Z68.44';
  return 'Z68.45';
}
