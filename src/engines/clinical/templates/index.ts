// Note templates: validation, generation, refinement, note styles and filling.
export { validateTemplate, TEMPLATE_LIMITS, type TemplateValidation } from './validate.ts';
export { createEmbeddedTemplateEngine } from './engine.ts';
export { generateTemplate, templateFromNotes, templateFromDescription } from './generate.ts';
export { applyInstructions, learnFromEdit, type RefineOutcome } from './refine.ts';
export { deriveStyle, styleToTemplate, templateToStyle } from './style.ts';
export { parseNote, noteHeadings } from './note-parse.ts';
export { fillTemplate, type FillFacts, type FillOptions, type FilledNote, type SectionEvidence } from './fill.ts';
export { renderMarkdown } from './render.ts';
export { templateNote, templateForRequest, withTemplateNotes } from './note.ts';
