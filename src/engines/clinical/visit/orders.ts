// Orders of the visit: tests, imaging, referrals and therapy the clinician says will be done, with their spans.
import type { Order, VisitSentence } from './types.ts';
import { escapeRegExp as escape } from '../language/data.ts';

// What can be ordered, by kind. Longest first within a kind so "blood work" wins over "blood".
const ORDERABLE: [Order['kind'], string[]][] = [
  ['imaging', ['x-ray', 'x-rays', 'xray', 'mri', 'ct scan', 'cat scan', 'ct', 'ultrasound', 'echocardiogram', 'echo', 'mammogram', 'bone density', 'dexa scan', 'stress test', 'nuclear stress test']],
  ['lab', ['blood work', 'labs', 'lab work', 'a1c', 'hemoglobin a1c', 'lipid panel', 'cholesterol', 'cbc', 'cmp', 'metabolic panel', 'urinalysis', 'urine culture', 'culture', 'thyroid', 'tsh', 'psa', 'biopsy', 'ekg', 'ecg', 'strep test', 'covid test', 'pregnancy test']],
  ['referral', ['referral', 'refer you', 'refer him', 'refer her', 'specialist', 'cardiology', 'cardiologist', 'orthopedics', 'orthopedic surgeon', 'neurology', 'neurologist', 'dermatology', 'dermatologist', 'endocrinology', 'endocrinologist', 'gastroenterology', 'gastroenterologist', 'surgeon', 'nephrology', 'nephrologist', 'urology', 'urologist', 'rheumatology', 'rheumatologist']],
  ['therapy', ['physical therapy', 'occupational therapy', 'pt', 'therapy', 'counseling', 'cardiac rehab', 'rehab']],
];

const alt = (words: string[]): string => [...words].sort((a, b) => b.length - a.length).map(escape).join('|');

/** Everything that can be ordered, as one alternation (section cues read results of these). */
export const ORDERABLE_WORDS = alt(ORDERABLE.flatMap(([, w]) => w));
const KIND = ORDERABLE.map(([kind, words]) => [kind, new RegExp(`\\b(?:${alt(words)})\\b`, 'i')] as const);
// The clinician's decision to do it: an ordering verb, or "let's get", "I want you to see".
const ORDERING = /\b(?:order\w*|get(?:ting)?|schedul\w*|send\w*|refer\w*|obtain|check\w*|draw\w*|repeat\w*|set (?:you )?up|arrange\w*|see)\b/i;

const DONE = /\b(?:showed|shows|revealed|reveals|came back|was normal|were normal)\b/i;

/** Clinician sentences that order something, one order per kind said. */
export function ordersIn(sentences: readonly VisitSentence[]): Order[] {
  const out: Order[] = [];
  for (const s of sentences) {
    // Results talk names tests too ("the x-ray showed"); an order says what will be done.
    if (s.role === 'patient' || s.question || s.part === 'hpi' || s.part === 'exam' || !ORDERING.test(s.text) || DONE.test(s.text)) continue;
    for (const [kind, re] of KIND) {
      const m = re.exec(s.text);
      if (m) out.push({ kind, what: m[0].toLowerCase(), spans: [s.span] });
    }
  }
  return out;
}
