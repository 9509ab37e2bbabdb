// Vital signs read once for the visit, each with its unit; today's reading wins over one recalled.
import { spokenNumbersToDigits, vitalsIn, type Vitals } from '../numbers/index.ts';
import type { Sentence, VitalSign } from './types.ts';

const KINDS: (keyof Vitals)[] = ['bloodPressure', 'heartRate', 'temperature', 'respiratoryRate', 'oxygenSaturation', 'weight'];

const TODAY = /\b(?:today|here|now|vitals?|vital signs|this morning)\b/i;
const RECALLED = /\b(?:was|were|emergency|er|hospital|home|last)\b/i;
// ASR often cuts "blood pressure . was 120 over 60" in two: a piece this close is read with it.
const JOIN_GAP = 40;

/** How much a sentence's reading counts as today's: the clinician's, said of today, not recalled. */
function rank(s: Sentence): number {
  return (s.role === 'clinician' ? 2 : 0) + (TODAY.test(s.text) ? 1 : 0) - (RECALLED.test(s.text) && !/\btoday\b/i.test(s.text) ? 1 : 0);
}

export function vitalSigns(sentences: readonly Sentence[]): VitalSign[] {
  const best = new Map<keyof Vitals, VitalSign & { rank: number }>();
  sentences.forEach((s, i) => {
    const own = vitalsIn(spokenNumbersToDigits(s.text));
    const next = sentences[i + 1];
    const joined = next && next.span.start - s.span.end < JOIN_GAP ? vitalsIn(spokenNumbersToDigits(`${s.text} ${next.text}`)) : {};
    const r = rank(s);
    for (const kind of KINDS) {
      const value = own[kind] ?? joined[kind];
      if (!value) continue;
      const prev = best.get(kind);
      if (prev && r <= prev.rank) continue;
      best.set(kind, { kind, value, spans: own[kind] ? [s.span] : [s.span, next!.span], rank: r });
    }
  });
  return KINDS.flatMap((k) => {
    const v = best.get(k);
    return v ? [{ kind: v.kind, value: v.value, spans: v.spans }] : [];
  });
}
