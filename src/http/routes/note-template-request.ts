// The two request forms of POST /alpha/note-templates and every 400 cause of the spec.
import type { AppDeps } from '../../app-deps.ts';
import { ApiError } from '../errors.ts';

export const TEMPLATE_MODES = ['generate', 'refine', 'generation', 'refinement'] as const;
export type TemplateMode = (typeof TEMPLATE_MODES)[number];

const MAX_DESCRIPTION = 1000;
const MAX_NOTES = 5;

function invalid(message: string, field: string): never {
  throw new ApiError('validation_error', message, { [field]: message });
}

function optionalString(body: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') invalid(`${field} must be a string.`, field);
  if (value.length > max) invalid(`${field} must be at most ${max} characters.`, field);
  return value;
}

function requiredText(body: Record<string, unknown>, field: string, max: number): string {
  const value = optionalString(body, field, max);
  if (value === undefined || value.trim() === '') invalid(`${field} is required and must not be empty.`, field);
  return value;
}

/** What reading a template job needs: the length limit and the template check. */
export type TemplateJobRequestDeps = Pick<AppDeps, 'config' | 'validateTemplate'>;

/** mode generate: 1–MAX_NOTES example notes, each `{content, description?}`. */
function exampleNotes(body: Record<string, unknown>, max: number): { content: string; description?: string }[] {
  const notes = body.notes;
  if (notes === undefined) invalid('notes is required for mode generate.', 'notes');
  if (!Array.isArray(notes)) invalid('notes must be an array of {content, description?}.', 'notes');
  if (notes.length < 1) invalid('notes must hold at least 1 note.', 'notes');
  if (notes.length > MAX_NOTES) invalid(`notes must hold at most ${MAX_NOTES} notes.`, 'notes');
  return notes.map((note, i) => {
    if (typeof note !== 'object' || note === null || Array.isArray(note)) invalid(`notes[${i}] must be an object.`, `notes[${i}]`);
    const entry = note as Record<string, unknown>;
    const content = entry.content;
    if (typeof content !== 'string' || content.trim() === '') invalid(`notes[${i}].content must be a non-empty string.`, `notes[${i}].content`);
    if (content.length > max) invalid(`notes[${i}].content must be at most ${max} characters.`, `notes[${i}].content`);
    const description = entry.description;
    if (description !== undefined && typeof description !== 'string') invalid(`notes[${i}].description must be a string.`, `notes[${i}].description`);
    if (typeof description === 'string' && description.length > MAX_DESCRIPTION) {
      invalid(`notes[${i}].description must be at most ${MAX_DESCRIPTION} characters.`, `notes[${i}].description`);
    }
    return { content, ...(description !== undefined && { description }) };
  });
}

/** mode refine: the optional `note_comparison` {before, after, description?} the refinement learns from. */
function noteComparison(body: Record<string, unknown>, max: number): Record<string, string> | undefined {
  const comparison = body.note_comparison;
  if (comparison === undefined) return undefined;
  if (typeof comparison !== 'object' || comparison === null || Array.isArray(comparison)) {
    invalid('note_comparison must be an object with before and after.', 'note_comparison');
  }
  const c = comparison as Record<string, unknown>;
  for (const side of ['before', 'after']) {
    if (typeof c[side] !== 'string' || (c[side] as string).trim() === '') {
      invalid(`note_comparison.${side} is required and must be a non-empty string.`, `note_comparison.${side}`);
    }
    if ((c[side] as string).length > max) invalid(`note_comparison.${side} must be at most ${max} characters.`, `note_comparison.${side}`);
  }
  if (c.description !== undefined && (typeof c.description !== 'string' || c.description.length > MAX_DESCRIPTION)) {
    invalid(`note_comparison.description must be a string of at most ${MAX_DESCRIPTION} characters.`, 'note_comparison.description');
  }
  return {
    before: c.before as string,
    after: c.after as string,
    ...(typeof c.description === 'string' && { description: c.description }),
  };
}

/** Validated job request as stored with the job; the caller's mode spelling is kept. */
export function parseTemplateJobRequest(deps: TemplateJobRequestDeps, body: Record<string, unknown>): Record<string, unknown> {
  const max = deps.config.maxTranscriptChars;
  const mode = body.mode === undefined ? 'generate' : body.mode;
  if (typeof mode !== 'string' || !(TEMPLATE_MODES as readonly string[]).includes(mode)) {
    invalid(`mode must be one of ${TEMPLATE_MODES.join(', ')}.`, 'mode');
  }
  if (mode === 'generate') {
    const notes = exampleNotes(body, max);
    const instructions = optionalString(body, 'instructions', max);
    return { mode, notes, ...(instructions !== undefined && { instructions }) };
  }
  if (mode === 'generation') {
    const description = requiredText(body, 'description', max);
    const instructions = optionalString(body, 'instructions', max);
    return { mode, description, ...(instructions !== undefined && { instructions }) };
  }
  // refine / refinement
  if (body.template === undefined) invalid(`template is required for mode ${mode}.`, 'template');
  const check = deps.validateTemplate(body.template);
  if (!check.ok) invalid(`template is invalid: ${check.message}`, 'template');
  if (mode === 'refinement') {
    const feedback = requiredText(body, 'feedback', max);
    return { mode, template: check.template, feedback };
  }
  const instructions = optionalString(body, 'instructions', max);
  const comparison = noteComparison(body, max);
  return {
    mode,
    template: check.template,
    ...(instructions !== undefined && { instructions }),
    ...(comparison && { note_comparison: comparison }),
  };
}
