// Grounding of a consensus answer: an answer may well name drugs and doses the question did
// not (that is its job), but a vital sign it states about the patient must come from the
// question or its context. Such a claim is flagged, never silently removed from advice.
import { checkFacts, factsIn, REASONS } from '../../grounding/prose.ts';
import { TranscriptGrounder } from '../../grounding/transcript-grounder.ts';
import type { Ungrounded } from '../../grounding/types.ts';

export interface ConsensusAnswer {
  answer: string;
  query: string;
  context?: string;
}

export function groundConsensus({ answer, query, context }: ConsensusAnswer): Ungrounded[] {
  const grounder = new TranscriptGrounder(`${query}\n${context ?? ''}`);
  const vitals = answer.split(/(?<=[.!?])\s+|\n+/).flatMap((sentence) => factsIn(sentence).filter((f) => f.kind === 'vital'));
  return checkFacts(vitals, grounder).missing.map((f) => ({ path: 'consensus_response', text: f.text, reason: REASONS.vital }));
}
