// Template and style notes written by the model: one answer per content section; an engine
// thread grounds each as prose and renders the note (finish/template-note.ts).
import type { NoteRequest, NoteResult, NoteTemplate } from '../ports.ts';
import { answerMeta, type LlmContext } from './context.ts';
import { contentSections, type Fill } from './finish/template-note.ts';
import { TEMPLATE_NOTE_PROMPT } from './prompts.ts';
import { requestDetails, userMessage } from './request-text.ts';
import type { Usage } from './usage.ts';

const FILL_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['sections'],
  properties: {
    sections: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'text', 'items'],
        properties: { id: { type: 'string' }, text: { type: 'string' }, items: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

// Accepted back: the requested list, or a map of section id → text or items.
const fillAccepted = (v: unknown): string | undefined =>
  !!v && typeof v === 'object' && !!(v as Fill).sections && typeof (v as Fill).sections === 'object'
    ? undefined
    : 'the answer must be {"sections": [{"id", "text", "items"}]}';

export interface TemplateNoteInput {
  ctx: LlmContext;
  request: NoteRequest;
  template: NoteTemplate;
  transcript: string;
  facts: string;
  usage: Usage;
  engine: string;
}

export async function templateNoteWithModel(input: TemplateNoteInput): Promise<NoteResult> {
  const { ctx, request, usage } = input;
  const template = structuredClone(input.template);
  const content = contentSections(template.sections);
  const outline = content.map(({ section, headings }) => ({
    id: section.id,
    type: section.type,
    under: headings.join(' > ') || undefined,
    prompt: section.prompt,
    properties: section.properties,
  }));
  const fill = await ctx.client.json<Fill>(
    ctx.model('notes'),
    [
      { role: 'system', content: TEMPLATE_NOTE_PROMPT + (template.global_prompt ? `\n\nTemplate guidance: ${template.global_prompt}` : '') },
      { role: 'user', content: userMessage([requestDetails(request), `Template sections:\n${JSON.stringify(outline)}`, input.facts, `Transcript:\n${input.transcript}`]) },
    ],
    'template_note',
    FILL_SCHEMA,
    { usage, strict: true, validate: fillAccepted },
  );
  return ctx.work.finish('templateNote', { transcript: request.transcript, template, fill, meta: answerMeta(input.engine, ctx, usage) });
}
