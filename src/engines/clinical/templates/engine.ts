// The embedded TemplateEngine: generation, refinement and note styles without a model.
import { EngineError, type TemplateEngine, type TemplateJobResult, type TemplateRefinementRequest } from '../../ports.ts';
import { generateTemplate } from './generate.ts';
import { applyInstructions, learnFromEdit } from './refine.ts';
import { deriveStyle } from './style.ts';
import { validateTemplate } from './validate.ts';

function refine(request: TemplateRefinementRequest): TemplateJobResult {
  const checked = validateTemplate(request.template);
  if (!checked.ok) throw new EngineError(`invalid template: ${checked.message}`);
  let template = checked.template;
  const applied: string[] = [];
  const notApplied: string[] = [];
  if (request.note_comparison) {
    const learned = learnFromEdit(template, request.note_comparison.before, request.note_comparison.after);
    template = learned.template;
    applied.push(...learned.applied);
  }
  if (request.instructions?.trim()) {
    const outcome = applyInstructions(template, request.instructions);
    template = outcome.template;
    applied.push(...outcome.applied);
    notApplied.push(...outcome.notApplied);
  }
  return { template, insights: { applied, notApplied } };
}

export function createEmbeddedTemplateEngine(): TemplateEngine {
  return {
    async generate(request) {
      const hasNotes = Array.isArray(request.notes) && request.notes.some((n) => n.content?.trim());
      if (!hasNotes && !request.description?.trim()) throw new EngineError('template generation needs notes or a description');
      return generateTemplate(request);
    },
    async refine(request) {
      return refine(request);
    },
    deriveStyle,
  };
}
