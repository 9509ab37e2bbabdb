// What every language-model engine needs: the shared client, the model for its
// capability, the grounding mode, the chunk size for long transcripts and the engine
// threads that do its CPU-bound work.
import type { GroundingMode, Ungrounded } from '../grounding/types.ts';
import type { ChatClient } from './chat-client.ts';
import type { Usage } from './usage.ts';
import type { LlmWork } from './work.ts';
import { type AnswerMeta, metadata } from './metadata.ts';

export type Capability = 'notes' | 'templates' | 'coding' | 'extraction' | 'consensus' | 'summary';

export interface LlmContext {
  client: ChatClient;
  /** The model configured for a capability. */
  model(capability: Capability): string;
  grounding: GroundingMode;
  /** A transcript longer than this is summarised chunk by chunk before the main request. */
  chunkChars: number;
  /** Embedded engines (hybrid seeds) and the finishing of answers, off the API thread. */
  work: LlmWork;
}

export function answerMeta(engine: string, ctx: LlmContext, usage: Usage): AnswerMeta {
  return { engine, grounding: ctx.grounding, usage };
}

export function resultMetadata(engine: string, ctx: LlmContext, usage: Usage, ungrounded: Ungrounded[]): Record<string, unknown> {
  return metadata(answerMeta(engine, ctx, usage), ungrounded);
}

/** Models per capability from the settings: the capability's own, else the first of `fallback` (comma-separated). */
export function modelChooser(fallback: string | undefined, perCapability: Partial<Record<Capability, string>>): (capability: Capability) => string {
  const first = (fallback ?? '').split(',').map((m) => m.trim()).find(Boolean);
  return (capability) => {
    const model = perCapability[capability] ?? (capability === 'summary' ? perCapability.notes : undefined) ?? first;
    if (!model) throw new Error(`no language model configured for ${capability}`);
    return model;
  };
}
