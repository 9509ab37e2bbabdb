// Pooled engines: the embedded note, template, coding and text-to-JSON engines behind their
// ports, the speech engine's diarization and the language-model engines' finishing, each call
// run in the engine thread pool under its capability's deadline.
import type { EngineDeadlines } from '../../config.ts';
import type { FinishKind } from '../llm/finish/index.ts';
import type { LlmWork } from '../llm/work.ts';
import type { CodingEngine, CodingResult, ExtractionEngine, ExtractionResult, NoteEngine, NoteResult, TemplateEngine, TemplateJobResult } from '../ports.ts';
import type { SpeechAnalyser, SpeechAnalysis } from '../speech/pocketsphinx/analysis.ts';
import type { TrainerFinder, TrainerLookup } from '../speech/adaptation/trainer.ts';
import type { EnginePool } from './pool.ts';

const limits = (deadlines: EngineDeadlines, capability: keyof EngineDeadlines) => ({
  deadlineMs: deadlines[capability],
  deadlineSetting: `CLINSCRIBE_ENGINE_DEADLINE_MS_${capability.toUpperCase()}`,
});

export function pooledNoteEngine(pool: EnginePool, deadlines: EngineDeadlines): NoteEngine {
  return { generateNote: (request) => pool.run<NoteResult>({ call: 'notes.generateNote', request }, limits(deadlines, 'notes')) };
}

export function pooledTemplateEngine(pool: EnginePool, deadlines: EngineDeadlines): TemplateEngine {
  const within = limits(deadlines, 'templates');
  return {
    generate: (request) => pool.run<TemplateJobResult>({ call: 'templates.generate', request }, within),
    refine: (request) => pool.run<TemplateJobResult>({ call: 'templates.refine', request }, within),
    deriveStyle: (request) => pool.run<string>({ call: 'templates.deriveStyle', request }, within),
  };
}

export function pooledCodingEngine(pool: EnginePool, deadlines: EngineDeadlines): CodingEngine {
  return { code: (text) => pool.run<CodingResult>({ call: 'coding.code', text }, limits(deadlines, 'coding')) };
}

export function pooledExtractionEngine(pool: EnginePool, deadlines: EngineDeadlines): ExtractionEngine {
  return { extract: (text, schema) => pool.run<ExtractionResult>({ call: 'extraction.extract', text, schema }, limits(deadlines, 'extraction')) };
}

export function pooledSpeechAnalyser(pool: EnginePool, deadlines: EngineDeadlines): SpeechAnalyser {
  return (source, maxSpeakers) => pool.run<SpeechAnalysis>({ call: 'speech.analyse', source, maxSpeakers }, limits(deadlines, 'diarization'));
}

/** Speaker adaptation's tools and model, prepared once per model in an engine thread. */
export function pooledTrainerFinder(pool: EnginePool, deadlines: EngineDeadlines): TrainerFinder {
  const prepared = new Map<string, Promise<TrainerLookup>>();
  return (hmm, dirs) => {
    const key = `${hmm}\0${dirs?.join(':') ?? ''}`;
    let found = prepared.get(key);
    if (!found) {
      found = pool.run<TrainerLookup>({ call: 'speech.findTrainer', hmm, dirs }, limits(deadlines, 'diarization'));
      // A failed call (deadline, busy pool) is asked again next time; a lookup that says "not installed" is kept.
      found.catch(() => prepared.delete(key));
      prepared.set(key, found);
    }
    return found;
  };
}

/** Whose deadline a language-model answer's finishing runs under. */
const FINISH_DEADLINES: Record<FinishKind, keyof EngineDeadlines> = {
  soap: 'notes',
  templateNote: 'notes',
  consensus: 'notes',
  coding: 'coding',
  schemaVerdict: 'extraction',
  schemaProblem: 'extraction',
  extraction: 'extraction',
};

export function pooledLlmFinishing(pool: EnginePool, deadlines: EngineDeadlines): LlmWork['finish'] {
  return (kind, input) => pool.run({ call: 'llm.finish', kind, input }, limits(deadlines, FINISH_DEADLINES[kind]));
}
