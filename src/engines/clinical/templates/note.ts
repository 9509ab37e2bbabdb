// Notes that follow a caller's structure: `noteType` note_template or note_style.
import { EngineError, type NoteEngine, type NoteRequest, type NoteResult, type NoteTemplate } from '../../ports.ts';
import { fillTemplate } from './fill.ts';
import { applyInstructions } from './refine.ts';
import { styleToTemplate } from './style.ts';
import { validateTemplate } from './validate.ts';

/** The template a note request asks for (validated), or undefined for SOAP notes. */
export function templateForRequest(request: NoteRequest): NoteTemplate | undefined {
  const noteType = request.noteType;
  if (noteType.type === 'note_style') {
    if (typeof noteType.template !== 'string' || !noteType.template.trim()) throw new EngineError('noteType.template must be a non-empty style string');
    return styleToTemplate(noteType.template);
  }
  if (noteType.type !== 'note_template') return undefined;
  const checked = validateTemplate(noteType.template);
  if (!checked.ok) throw new EngineError(`invalid template: ${checked.message}`);
  return checked.template;
}

/** Writes a template or style note from the Visit read of the request's transcript. */
export function templateNote(request: NoteRequest): NoteResult {
  const template = templateForRequest(request);
  if (!template) throw new EngineError('templateNote needs noteType note_template or note_style');
  let shaped = template;
  const instructions = (request.instructions ?? []).filter((i) => typeof i === 'string' && i.trim());
  // Structural wishes ("no review of systems", "plan as a numbered list") change the
  // template for this note; the rest stays in the global prompt for the filler.
  if (instructions.length) shaped = applyInstructions(template, instructions.join('\n')).template;
  const filled = fillTemplate(shaped, request.transcript, undefined, { gender: request.patientInfo?.gender, medicationList: request.medicationList });
  return { markdown: filled.markdown, json: filled.json };
}

/** A NoteEngine that writes template and style notes itself and hands SOAP notes to `soap`. */
export function withTemplateNotes(soap: NoteEngine): NoteEngine {
  return {
    async generateNote(request) {
      if (request.noteType.type === 'soap') return soap.generateNote(request);
      return templateNote(request);
    },
  };
}
