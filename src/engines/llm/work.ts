// What the language-model engines hand to the engine threads: the embedded engines that seed
// hybrid prompts, and the finishing of every answer (schema checks, grounding, rendering).
// The model request itself is network waiting, so it stays on the calling thread.
import { type EmbeddedEngines, embeddedEngines } from '../embedded.ts';
import { type FinishInput, type FinishKind, type FinishOutput, runFinisher } from './finish/index.ts';

export interface LlmWork {
  embedded: EmbeddedEngines;
  finish<K extends FinishKind>(kind: K, input: FinishInput<K>): Promise<FinishOutput<K>>;
}

/** Everything on the calling thread: for one-shot tools and engine tests, never the API process. */
export function inlineLlmWork(): LlmWork {
  let built: EmbeddedEngines | undefined;
  return {
    get embedded() {
      return (built ??= embeddedEngines());
    },
    finish: async (kind, input) => runFinisher(kind, input),
  };
}
