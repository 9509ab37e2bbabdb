// Vital signs read once for the visit, each with its unit; today's reading wins over one recalled, a later one over an earlier.
import { spokenNumbersToDigits, vitalsIn, type Vitals } from '../numbers/index.ts';
import { READING_RECALLED, READING_TODAY } from '../language/vitals.ts';
import type { Sentence, VitalSign } from './types.ts';

const KINDS: (keyof Vitals)[] = ['bloodPressure', 'heartRate', 'temperature', 'respiratoryRate', 'oxygenSaturation', 'weight'];

// ASR often cuts "blood pressure . was 120 over 60" in two: a piece this close is read with it.
const JOIN_GAP = 40;

/** How much a sentence's reading counts as today's: the clinician's, said of today, not recalled. */
function rank(s: Sentence): number {
  return (s.role === 'clinician' ? 2 : 0) + (READING_TODAY.test(s.text) ? 1 : 0) - (READING_RECALLED.test(s.text) && !/\btoday\b/i.test(s.text) ? 1 : 0);
}

export function vitalSigns(sentences: readonly Sentence[]): VitalSign[] {
  const best = new Map<keyof Vitals, VitalSign & { rank: number }>();
  const digits = sentences.map((s) => spokenNumbersToDigits(s.text));
  sentences.forEach((s, i) => {
    const own = vitalsIn(digits[i]!);
    const next = sentences[i + 1];
    // Only a piece left open (no full stop) runs on into the next one.
    const open = next && !/[.?!]\s*$/.test(s.text) && next.span.start - s.span.end < JOIN_GAP;
    const joined = open ? vitalsIn(`${digits[i]} ${digits[i + 1]}`) : {};
    const r = rank(s);
    for (const kind of KINDS) {
      const value = own[kind] ?? joined[kind];
      if (!value) continue;
      const prev = best.get(kind);
      if (prev && r < prev.rank) continue;
      best.set(kind, { kind, value, spans: own[kind] ? [s.span] : [s.span, next!.span], rank: r });
    }
  });
  return KINDS.flatMap((k) => {
    const v = best.get(k);
    return v ? [{ kind: v.kind, value: v.value, spans: v.spans }] : [];
  });
}
