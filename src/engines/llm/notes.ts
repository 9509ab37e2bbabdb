// The language-model NoteEngine: SOAP notes (spec JSON + markdown), template notes and
// note styles. The model writes; grounding then checks every fact against the transcript.
// Hybrid mode (llm+embedded) seeds the prompt with the embedded engine's verified facts.
import { EngineError, type NoteEngine, type NoteRequest, type NoteResult } from '../ports.ts';
import { TranscriptGrounder } from '../grounding/transcript-grounder.ts';
import { groundSoap } from '../grounding/soap.ts';
import { groundProse } from '../grounding/prose.ts';
import { templateForRequest } from '../clinical/templates/index.ts';
import { transcriptForModel } from './chunks.ts';
import { type LlmContext, resultMetadata } from './context.ts';
import { SOAP_PROMPT } from './prompts.ts';
import { embeddedFacts, requestDetails, userMessage } from './request-text.ts';
import { SOAP_ACCEPTED, SOAP_SCHEMA, toSpecSoap, unwrapped } from './soap-schema.ts';
import { soapMarkdown } from './soap-markdown.ts';
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
      const facts = options.hybrid ? embeddedFacts(request) : '';
      const grounder = new TranscriptGrounder(request.transcript);
      if (template) return templateNoteWithModel({ ctx, request, template, transcript, facts, grounder, usage, engine });

      const answer = await ctx.client.jsonOrText<Record<string, any>>(
        ctx.model('notes'),
        [
          { role: 'system', content: SOAP_PROMPT },
          { role: 'user', content: userMessage([requestDetails(request), facts, `Transcript:\n${transcript}`]) },
        ],
        'soap_note',
        SOAP_SCHEMA,
        { usage, strict: true, validate: SOAP_ACCEPTED },
      );
      if ('failed' in answer) throw new EngineError(`The language model "${ctx.model('notes').slice(0, 80)}" did not return a valid SOAP note.`);
      if ('text' in answer) {
        // A model that writes the note as prose: its markdown is kept, grounded sentence by sentence.
        const checked = groundProse(answer.text, 'markdown', grounder, ctx.grounding);
        return { markdown: checked.text, json: { evidence: { markdown: checked.spans }, metadata: { ...resultMetadata(engine, ctx, usage, checked.ungrounded), format: 'markdown' } } };
      }
      const json = toSpecSoap(unwrapped(answer.json));
      const checked = groundSoap(json, grounder, ctx.grounding);
      const markdown = soapMarkdown(json);
      return {
        markdown,
        json: { ...json, evidence: { fields: checked.evidence }, metadata: resultMetadata(engine, ctx, usage, checked.ungrounded) },
      };
    },
  };
}
