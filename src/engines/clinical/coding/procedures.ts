// Procedures the conversation says were done in this visit (not planned, not declined).
import type { Span } from '../../ports.ts';
import { assertionsFor, sentenceAt } from '../context/index.ts';
import type { PhraseHit } from './phrases.ts';
import type { CueKind } from './cues.ts';

export interface PerformedProcedure {
  code: string;
  display: string;
  span: Span;
}

export function performedProcedures(
  text: string,
  sentences: readonly Span[],
  hits: readonly PhraseHit<CueKind>[],
  cues: readonly PhraseHit<CueKind>[],
): PerformedProcedure[] {
  const performed = new Set(cues.filter((c) => c.value.kind === 'performed').map((c) => sentenceAt(sentences, c.start)?.start));
  const out = new Map<string, PerformedProcedure>();
  for (const hit of hits) {
    if (hit.value.kind !== 'procedure' || out.has(hit.value.code)) continue;
    const sentence = sentenceAt(sentences, hit.start);
    if (!sentence || !performed.has(sentence.start)) continue;
    const a = assertionsFor(text, hit, sentence);
    if (a.negated || a.hypothetical || a.uncertain || a.question || a.family || a.historical) continue;
    out.set(hit.value.code, { code: hit.value.code, display: hit.value.display, span: { start: hit.start, end: hit.end } });
  }
  return [...out.values()];
}
