// Picks each capability's engine from configuration. A capability whose engine is not
// available answers every job with a clear failure naming what is missing: never fake output.
import type { Config, EngineDeadlines } from '../config.ts';
import {
  createLlmCodingEngine,
  createLlmConsensusEngine,
  createLlmExtractionEngine,
  createLlmNoteEngine,
  createLlmTemplateEngine,
  type LlmContext,
  llmContext,
} from './llm/index.ts';
import { createOpenAiSpeechEngine, createPocketSphinxEngine } from './speech/index.ts';
import { pooledCodingEngine, pooledExtractionEngine, pooledLlmFinishing, pooledNoteEngine, pooledSpeechAnalyser, pooledTemplateEngine, pooledTrainerFinder } from './pool/adapter.ts';
import { inlineLlmWork, type LlmWork } from './llm/work.ts';
import type { EmbeddedEngines } from './embedded.ts';
import { EnginePool } from './pool/pool.ts';
import type { SpeechAnalyser } from './speech/pocketsphinx/analysis.ts';
import type { TrainerFinder } from './speech/adaptation/trainer.ts';
import { type ConsensusEngine, EngineUnavailableError, type Engines, type NoteEngine, type SpeechEngine } from './ports.ts';

function unavailable<T extends object>(capability: string, reason: string): T {
  const fail = async () => {
    throw new EngineUnavailableError(`No ${capability} engine is available: ${reason}`);
  };
  return new Proxy({} as T, { get: () => fail });
}

export function createEngines(config: Config, overrides: Partial<Engines> = {}, options: { inline?: boolean } = {}): Engines {
  // The embedded text engines run in the engine thread pool (src/engines/pool), started on
  // first use; `inline: true` (one-shot tools) runs them on this thread instead.
  let pool: EnginePool | undefined;
  const pooled = (): EnginePool => (pool ??= new EnginePool({ threads: config.enginePool.threads, heapMb: config.enginePool.heapMb, maxQueue: config.enginePool.maxQueue }));
  const deadlines = config.enginePool.deadlineMs;
  const inline = options.inline === true;
  // The language-model engines seed hybrid prompts from the same embedded engines and finish
  // their answers (schema checks, grounding) in the pool too: only network waits stay here.
  let built: EmbeddedEngines | undefined;
  const work: LlmWork = inline
    ? inlineLlmWork()
    : {
        get embedded() {
          return (built ??= pooledEmbedded(pooled(), deadlines));
        },
        finish: (kind, input) => pooledLlmFinishing(pooled(), deadlines)(kind, input),
      };
  const embedded = () => work.embedded;
  const choose = <T extends object>(capability: string, setting: string, local: () => T, llm: LlmFactory<T>): T => {
    if (setting === 'none') return unavailable<T>(capability, 'it is disabled by configuration');
    if (setting === 'llm' || setting === 'llm+embedded') return llmEngine(config, capability, setting, llm, work);
    return local();
  };
  return {
    notes: overrides.notes ?? choose('note', config.engines.notes, () => namedEngine(embedded().notes), ['notes', createLlmNoteEngine]),
    templates: overrides.templates ?? choose('note template', config.engines.templates, () => embedded().templates, ['templates', createLlmTemplateEngine]),
    coding: overrides.coding ?? choose('coding', config.engines.coding, () => embedded().coding, ['coding', createLlmCodingEngine]),
    extraction: overrides.extraction ?? choose('text-to-JSON', config.engines.extraction, () => embedded().extraction, ['extraction', createLlmExtractionEngine]),
    speech: overrides.speech ?? speechEngine(config, inline ? undefined : () => ({ analyse: pooledSpeechAnalyser(pooled(), deadlines), findTrainer: pooledTrainerFinder(pooled(), deadlines) })),
    consensus: overrides.consensus ?? consensusEngine(config, work),
    close: async () => {
      await pool?.close();
      pool = undefined;
    },
  };
}

function pooledEmbedded(pool: EnginePool, deadlines: EngineDeadlines): EmbeddedEngines {
  return {
    notes: pooledNoteEngine(pool, deadlines),
    templates: pooledTemplateEngine(pool, deadlines),
    coding: pooledCodingEngine(pool, deadlines),
    extraction: pooledExtractionEngine(pool, deadlines),
  };
}

/** Consensus asks every model named in CLINSCRIBE_LLM_MODEL_CONSENSUS, else CLINSCRIBE_LLM_MODEL (comma-separated), and reconciles. */
function consensusEngine(config: Config, work: LlmWork): ConsensusEngine {
  const models = (config.llm.models?.consensus ?? config.llm.model ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  if (config.engines.consensus === 'none') return unavailable('consensus', 'it is disabled by configuration');
  const ctx = llmContext(config, 'consensus', work);
  if (typeof ctx === 'string' || models.length === 0) {
    return unavailable('consensus', 'consensus needs a language model; set CLINSCRIBE_LLM_BASE_URL and CLINSCRIBE_LLM_MODEL');
  }
  return createLlmConsensusEngine(ctx.client, models, work);
}

/** A capability's language-model engine and the settings key it reads its model from. */
type LlmFactory<T> = ['notes' | 'templates' | 'coding' | 'extraction', (ctx: LlmContext, options: { hybrid: boolean }) => T];

/** The llm or llm+embedded engine of a capability, or a clear failure naming the missing setting. */
function llmEngine<T extends object>(config: Config, capability: string, setting: string, llm: LlmFactory<T>, work: LlmWork): T {
  const ctx = llmContext(config, llm[0], work);
  if (typeof ctx === 'string') return unavailable<T>(capability, ctx);
  return llm[1](ctx, { hybrid: setting === 'llm+embedded' });
}

/** The embedded PocketSphinx engine, or any OpenAI-compatible transcription server. */
function speechEngine(config: Config, pooledParts?: () => { analyse: SpeechAnalyser; findTrainer: TrainerFinder }): SpeechEngine {
  if (config.engines.speech === 'none') return unavailable('speech', 'it is disabled by configuration');
  if (config.engines.speech === 'openai') {
    if (!config.asr.baseUrl) return unavailable('speech', 'the openai speech engine needs CLINSCRIBE_ASR_BASE_URL');
    return createOpenAiSpeechEngine({ baseUrl: config.asr.baseUrl, apiKey: config.asr.apiKey, model: config.asr.model });
  }
  const parts = pooledParts?.();
  return createPocketSphinxEngine({ audioLimits: config.audioLimits, analyse: parts?.analyse, passes: config.speechPasses, secondPass: { findTrainer: parts?.findTrainer } });
}

/** The embedded notes engine with `metadata.engine` in its JSON, as the model engines state theirs. */
function namedEngine(engine: NoteEngine): NoteEngine {
  return {
    async generateNote(request) {
      const note = await engine.generateNote(request);
      return { ...note, json: { ...note.json, metadata: { engine: 'embedded', ...(note.json.metadata as object | undefined) } } };
    },
  };
}
