// Picks each capability's engine from configuration. A capability whose engine is not
// available answers every job with a clear failure naming what is missing: never fake output.
import type { Config } from '../config.ts';
import { createEmbeddedCodingEngine } from './clinical/coding/index.ts';
import { createEmbeddedExtractionEngine } from './clinical/extraction/index.ts';
import { createEmbeddedNoteEngine } from './clinical/soap/index.ts';
import { createEmbeddedTemplateEngine, withTemplateNotes } from './clinical/templates/index.ts';
import { ChatClient } from './llm/chat-client.ts';
import { createLlmConsensusEngine } from './llm/consensus.ts';
import { createOpenAiSpeechEngine, createPocketSphinxEngine } from './speech/index.ts';
import { pooledCodingEngine, pooledExtractionEngine, pooledNoteEngine, pooledSpeechAnalyser, pooledTemplateEngine } from './pool/adapter.ts';
import { EnginePool } from './pool/pool.ts';
import type { SpeechAnalyser } from './speech/pocketsphinx/analysis.ts';
import { type ConsensusEngine, EngineUnavailableError, type Engines, type SpeechEngine } from './ports.ts';

function unavailable<T extends object>(capability: string, reason: string): T {
  const fail = async () => {
    throw new EngineUnavailableError(`No ${capability} engine is available: ${reason}`);
  };
  return new Proxy({} as T, { get: () => fail });
}

const NOT_BUILT = 'the embedded engine is not part of this build yet';

export function createEngines(config: Config, overrides: Partial<Engines> = {}, options: { inline?: boolean } = {}): Engines {
  const choose = <T extends object>(capability: string, setting: string, embedded?: () => T): T => {
    if (setting === 'none') return unavailable<T>(capability, 'it is disabled by configuration');
    if (setting === 'llm') return unavailable<T>(capability, 'the llm engine is not part of this build yet');
    return embedded ? embedded() : unavailable<T>(capability, NOT_BUILT);
  };
  // The embedded text engines run in the engine thread pool (src/engines/pool), started on
  // first use; `inline: true` (one-shot tools) runs them on this thread instead.
  let pool: EnginePool | undefined;
  const pooled = (): EnginePool => (pool ??= new EnginePool({ threads: config.enginePool.threads, heapMb: config.enginePool.heapMb, maxQueue: config.enginePool.maxQueue }));
  const deadlines = config.enginePool.deadlineMs;
  const inline = options.inline === true;
  return {
    notes: overrides.notes ?? choose('note', config.engines.notes, () => (inline ? withTemplateNotes(createEmbeddedNoteEngine()) : pooledNoteEngine(pooled(), deadlines))),
    templates: overrides.templates ?? choose('note template', config.engines.templates, () => (inline ? createEmbeddedTemplateEngine() : pooledTemplateEngine(pooled(), deadlines))),
    coding: overrides.coding ?? choose('coding', config.engines.coding, () => (inline ? createEmbeddedCodingEngine() : pooledCodingEngine(pooled(), deadlines))),
    extraction: overrides.extraction ?? choose('text-to-JSON', config.engines.extraction, () => (inline ? createEmbeddedExtractionEngine() : pooledExtractionEngine(pooled(), deadlines))),
    speech: overrides.speech ?? speechEngine(config, inline ? undefined : () => pooledSpeechAnalyser(pooled(), deadlines)),
    consensus: overrides.consensus ?? consensusEngine(config),
    close: async () => {
      await pool?.close();
      pool = undefined;
    },
  };
}

/** Consensus asks every model named in CLINSCRIBE_LLM_MODEL (comma-separated) and reconciles. */
function consensusEngine(config: Config): ConsensusEngine {
  const models = (config.llm.model ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  if (config.engines.consensus === 'none') return unavailable('consensus', 'it is disabled by configuration');
  if (!config.llm.baseUrl || models.length === 0) {
    return unavailable('consensus', 'consensus needs a language model; set CLINSCRIBE_LLM_BASE_URL and CLINSCRIBE_LLM_MODEL');
  }
  return createLlmConsensusEngine(new ChatClient({ baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey }), models);
}

/** The embedded PocketSphinx engine, or any OpenAI-compatible transcription server. */
function speechEngine(config: Config, analyser?: () => SpeechAnalyser): SpeechEngine {
  if (config.engines.speech === 'none') return unavailable('speech', 'it is disabled by configuration');
  if (config.engines.speech === 'openai') {
    if (!config.asr.baseUrl) return unavailable('speech', 'the openai speech engine needs CLINSCRIBE_ASR_BASE_URL');
    return createOpenAiSpeechEngine({ baseUrl: config.asr.baseUrl, apiKey: config.asr.apiKey, model: config.asr.model });
  }
  return createPocketSphinxEngine({ audioLimits: config.audioLimits, analyse: analyser?.() });
}
