// Engine worker thread: runs one embedded-engine call per task and answers with its result,
// or with the kind of error it threw (class identity does not survive the thread boundary).
import { type EmbeddedEngines, embeddedEngines } from '../embedded.ts';
import {
  EngineError,
  EngineInputError,
  EngineUnavailableError,
  type NoteRequest,
  type StyleRequest,
  type TemplateGenerationRequest,
  type TemplateRefinementRequest,
  TransientEngineError,
} from '../ports.ts';
import { analyseInline, type PcmRange } from '../speech/pocketsphinx/analysis.ts';
import { findTrainer } from '../speech/adaptation/trainer.ts';
import { type FinishKind, runFinisher } from '../llm/finish/index.ts';

/** One engine call, as sent to a worker thread. */
export type EngineTask =
  | { call: 'notes.generateNote'; request: NoteRequest }
  | { call: 'templates.generate'; request: TemplateGenerationRequest }
  | { call: 'templates.refine'; request: TemplateRefinementRequest }
  | { call: 'templates.deriveStyle'; request: StyleRequest }
  | { call: 'coding.code'; text: string }
  | { call: 'extraction.extract'; text: string; schema: Record<string, unknown> }
  | { call: 'speech.analyse'; source: PcmRange; maxSpeakers?: number }
  | { call: 'speech.findTrainer'; hmm: string; dirs?: string[] }
  | { call: 'llm.finish'; kind: FinishKind; input: unknown };

export type WorkerAnswer =
  | { ok: true; value: unknown }
  | { ok: false; error: 'engine' | 'input' | 'unavailable' | 'transient' | 'internal'; message: string; retryAfterSeconds?: number };

// Built once per thread, on its first task: the lexicons load with them.
let engines: EmbeddedEngines | undefined;

async function perform(task: EngineTask): Promise<unknown> {
  const e = (engines ??= embeddedEngines());
  switch (task.call) {
    case 'notes.generateNote': return e.notes.generateNote(task.request);
    case 'templates.generate': return e.templates.generate(task.request);
    case 'templates.refine': return e.templates.refine(task.request);
    case 'templates.deriveStyle': return e.templates.deriveStyle(task.request);
    case 'coding.code': return e.coding.code(task.text);
    case 'extraction.extract': return e.extraction.extract(task.text, task.schema);
    case 'speech.analyse': return analyseInline(task.source, task.maxSpeakers);
    case 'speech.findTrainer': return findTrainer(task.hmm, task.dirs);
    // The input was built by this service's own engine on the API thread, for this kind.
    case 'llm.finish': return runFinisher(task.kind, task.input as never);
  }
}

export default async function runTask(task: EngineTask): Promise<WorkerAnswer> {
  try {
    return { ok: true, value: await perform(task) };
  } catch (error) {
    if (error instanceof EngineUnavailableError) return { ok: false, error: 'unavailable', message: error.message };
    if (error instanceof EngineInputError) return { ok: false, error: 'input', message: error.message };
    if (error instanceof EngineError) return { ok: false, error: 'engine', message: error.message };
    if (error instanceof TransientEngineError) return { ok: false, error: 'transient', message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    // An engine bug: its message may quote the input, so only its class crosses over.
    return { ok: false, error: 'internal', message: `engine failed (${error instanceof Error ? error.name : 'unknown error'})` };
  }
}
