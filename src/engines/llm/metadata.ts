// The metadata every model-written answer carries: engine, grounding mode, what grounding
// left out, and token usage. Plain data, so it crosses to an engine thread as is.
import type { GroundingMode, Ungrounded } from '../grounding/types.ts';
import type { Usage } from './usage.ts';

export interface AnswerMeta {
  engine: string;
  grounding: GroundingMode;
  usage: Usage;
}

export function metadata(meta: AnswerMeta, ungrounded: Ungrounded[]): Record<string, unknown> {
  return { engine: meta.engine, grounding: meta.grounding, ungrounded, usage: meta.usage };
}
