// The language-model NoteEngine: SOAP notes (spec JSON + markdown), template notes and
// note styles. The model writes; an engine thread then checks every fact against the
// transcript (finish/). Hybrid mode (llm+embedded) seeds the prompt with the embedded
// engine's verified facts, read in an engine thread too.
import { EngineError, type NoteEngine, type NoteRequest, type NoteResult } from '../ports.ts';
import { templateForRequest } from '../clinical/templates/index.ts';
import { transcriptForModel } from './chunks.ts';
import { answerMeta, type LlmContext } from './context.ts';
import { SOAP_PROMPT } from './prompts.ts';
import { embeddedFacts, requestDetails, userMessage } from './request-text.ts';
import { SOAP_SCHEMA, soapAccepted } from './soap-schema.ts';
import { templateNoteWithModel } from './template-note.ts';
import { newUsage } from './usage.ts';

export interface LlmNoteOptions {
  /** llm+embedded: the embedded engine's facts seed the prompt. */
  hybrid: boolean;
}

export function createLlmNoteEngine(ctx: LlmContext, options: LlmNoteOptions): NoteEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  return {
    async generateNote(request: NoteRequest): Promise<NoteResult> {
      if (!request.transcript?.trim()) throw new EngineError('the transcript is empty');
      const template = templateForRequest(request);
      const usage = newUsage();
      const transcript = await transcriptForModel(request.transcript, ctx, usage);
      const facts = options.hybrid ? await hybridFacts(ctx, request) : '';
      if (template) return templateNoteWithModel({ ctx, request, template, transcript, facts, usage, engine });

      const answer = await ctx.client.jsonOrText<Record<string, unknown>>(
        ctx.model('notes'),
        [
          { role: 'system', content: SOAP_PROMPT },
          { role: 'user', content: userMessage([requestDetails(request), facts, `Transcript:\n${transcript}`]) },
        ],
        'soap_note',
        SOAP_SCHEMA,
        { usage, strict: true, validate: soapAccepted },
      );
      if ('failed' in answer) throw new EngineError(`The language model "${ctx.model('notes').slice(0, 80)}" did not return a valid SOAP note.`);
      // A model that writes the note as prose has its markdown kept, grounded sentence by sentence.
      return ctx.work.finish('soap', { transcript: request.transcript, answer, meta: answerMeta(engine, ctx, usage) });
    },
  };
}

/** The embedded SOAP engine's facts as a prompt block; empty when it cannot read the visit. */
async function hybridFacts(ctx: LlmContext, request: NoteRequest): Promise<string> {
  try {
    const note = await ctx.work.embedded.notes.generateNote({ ...request, noteType: { type: 'soap' } });
    return embeddedFacts(note.json);
  } catch (error) {
    if (error instanceof EngineError) return '';
    throw error;
  }
}
