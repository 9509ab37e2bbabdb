/**
 * Language-model engines over one OpenAI-compatible client (CLINSCRIBE_LLM_*), each
 * answer grounded against the source text (src/engines/grounding).
 *
 *   llmContext(config) — the shared client and settings, or a reason the model path is unavailable.
 *   createLlmNoteEngine, createLlmTemplateEngine, createLlmCodingEngine, createLlmExtractionEngine,
 *   createLlmConsensusEngine — one per capability; `hybrid` (llm+embedded) seeds the prompt
 *   with the embedded engine's facts.
 */
import type { Config } from '../../config.ts';
import { ChatClient } from './chat-client.ts';
import { type LlmContext, modelChooser } from './context.ts';
import type { LlmWork } from './work.ts';

export { createLlmNoteEngine } from './notes.ts';
export { createLlmTemplateEngine } from './templates.ts';
export { createLlmCodingEngine } from './coding.ts';
export { createLlmExtractionEngine } from './extraction.ts';
export { createLlmConsensusEngine } from './consensus.ts';
export type { LlmContext } from './context.ts';
export { inlineLlmWork, type LlmWork } from './work.ts';

const clients = new WeakMap<Config, ChatClient>();

/** One client per configuration, so the concurrency cap holds across capabilities. */
export function llmClient(config: Config): ChatClient | undefined {
  if (!config.llm.baseUrl) return undefined;
  let client = clients.get(config);
  if (!client) {
    const l = config.llm;
    client = new ChatClient({
      baseUrl: l.baseUrl!,
      apiKey: l.apiKey,
      timeoutMs: l.timeoutMs,
      maxRetries: l.maxRetries,
      retryBaseMs: l.retryBaseMs,
      maxRetryAfterSeconds: l.maxRetryAfterSeconds,
      concurrency: l.concurrency,
      structuredOutput: l.structuredOutput,
    });
    clients.set(config, client);
  }
  return client;
}

/** The context for a capability's engine, or why there is none. */
export function llmContext(config: Config, capability: 'notes' | 'templates' | 'coding' | 'extraction' | 'consensus', work: LlmWork): LlmContext | string {
  const client = llmClient(config);
  if (!client) return 'the llm engine needs a model server; set CLINSCRIBE_LLM_BASE_URL and CLINSCRIBE_LLM_MODEL';
  const model = modelChooser(config.llm.model, config.llm.models ?? {});
  try {
    model(capability);
  } catch {
    return `the llm engine needs a model; set CLINSCRIBE_LLM_MODEL or CLINSCRIBE_LLM_MODEL_${capability.toUpperCase()}`;
  }
  return { client, model, grounding: config.grounding ?? 'drop', chunkChars: config.llm.chunkChars ?? 24_000, work };
}
