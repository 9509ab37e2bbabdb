// The language-model TemplateEngine: template generation (from provider notes or a
// description), refinement, and note styles. Every template the model writes passes the
// same validation as a caller's template; one that does not is a failed job, never output.
import { validateTemplate } from '../clinical/templates/index.ts';
import { EngineError, type NoteTemplate, type StyleRequest, type TemplateEngine, type TemplateGenerationRequest, type TemplateJobResult, type TemplateRefinementRequest } from '../ports.ts';
import { type LlmContext, resultMetadata } from './context.ts';
import { STYLE_PROMPT, TEMPLATE_GENERATION_PROMPT, TEMPLATE_REFINEMENT_PROMPT } from './prompts.ts';
import { newUsage, type Usage } from './usage.ts';

// Sections nest, so the schema is not strict; validateTemplate is the judge.
const TEMPLATE_SCHEMA = {
  type: 'object',
  required: ['template'],
  properties: {
    template: { type: 'object', required: ['title', 'sections'], properties: { title: { type: 'string' }, global_prompt: { type: 'string' }, sections: { type: 'array' } } },
    applied: { type: 'array', items: { type: 'string' } },
    notApplied: { type: 'array', items: { type: 'string' } },
  },
};

const STYLE_SCHEMA = { type: 'object', additionalProperties: false, required: ['style'], properties: { style: { type: 'string' } } };

interface TemplateAnswer {
  template: Omit<NoteTemplate, 'id'> & { id?: string };
  applied?: string[];
  notApplied?: string[];
}

function checked(answer: TemplateAnswer, id: string): NoteTemplate {
  const result = validateTemplate({ ...answer.template, id: answer.template.id || id });
  if (!result.ok) throw new EngineError(`the language model wrote an invalid template (${result.message.slice(0, 200)})`);
  return result.template;
}

export function createLlmTemplateEngine(ctx: LlmContext, options: { hybrid: boolean }): TemplateEngine {
  const engine = options.hybrid ? 'llm+embedded' : 'llm';
  const ask = (usage: Usage, system: string, user: string) =>
    ctx.client.json<TemplateAnswer>(ctx.model('templates'), [{ role: 'system', content: system }, { role: 'user', content: user }], 'note_template', TEMPLATE_SCHEMA, { usage });
  return {
    async generate(request: TemplateGenerationRequest): Promise<TemplateJobResult> {
      const notes = (request.notes ?? []).filter((n) => n.content?.trim());
      if (notes.length === 0 && !request.description?.trim()) throw new EngineError('template generation needs notes or a description');
      const usage = newUsage();
      const seed = options.hybrid ? `A draft from a rule-based reader (improve it):\n${JSON.stringify((await ctx.work.embedded.templates.generate(request)).template)}\n\n` : '';
      const source = notes.length
        ? `Write one template that reproduces the structure of these provider notes:\n${notes.map((n, i) => `--- Note ${i + 1}${n.description ? ` (${n.description})` : ''}\n${n.content}`).join('\n')}`
        : `Write a template from this description:\n${request.description}`;
      const answer = await ask(usage, TEMPLATE_GENERATION_PROMPT, `${seed}${source}${request.instructions ? `\n\nInstructions: ${request.instructions}` : ''}`);
      return { template: checked(answer, 'generated-template'), metadata: resultMetadata(engine, ctx, usage, []) };
    },
    async refine(request: TemplateRefinementRequest): Promise<TemplateJobResult> {
      const original = validateTemplate(request.template);
      if (!original.ok) throw new EngineError(`invalid template: ${original.message}`);
      if (!request.instructions?.trim() && !request.note_comparison) throw new EngineError('refinement needs instructions or a note comparison');
      const usage = newUsage();
      const comparison = request.note_comparison
        ? `\n\nNote written with the template:\n${request.note_comparison.before}\n\nThe clinician's edited version:\n${request.note_comparison.after}${request.note_comparison.description ? `\n(${request.note_comparison.description})` : ''}`
        : '';
      const answer = await ask(usage, TEMPLATE_REFINEMENT_PROMPT, `Template:\n${JSON.stringify(original.template)}${request.instructions ? `\n\nInstructions: ${request.instructions}` : ''}${comparison}`);
      return {
        template: checked(answer, original.template.id),
        insights: { applied: answer.applied ?? [], notApplied: answer.notApplied ?? [] },
        metadata: resultMetadata(engine, ctx, usage, []),
      };
    },
    async deriveStyle(request: StyleRequest): Promise<string> {
      if (!request.sampleNote?.trim()) throw new EngineError('sampleNote is empty');
      const instructions = (request.instructions ?? []).filter((i) => i?.trim());
      const answer = await ctx.client.json<{ style: string }>(
        ctx.model('templates'),
        [
          { role: 'system', content: STYLE_PROMPT },
          { role: 'user', content: `Sample note:\n${request.sampleNote}${instructions.length ? `\n\nAlso: ${instructions.join('; ')}` : ''}` },
        ],
        'note_style',
        STYLE_SCHEMA,
        { strict: true },
      );
      if (!answer.style.trim()) throw new EngineError('the language model returned an empty style');
      return answer.style.trim();
    },
  };
}
