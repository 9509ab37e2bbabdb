// Building blocks for templates the engine writes: a heading with one content child,
// stable readable ids, prompts in words a clinician would write, and detail levels.
import type { HeadingSection, NoteTemplate, TemplateSection, TemplateSectionProperties } from '../../ports.ts';
import { classifyHeading, kindById, type SectionKind } from './catalog.ts';

export const DETAIL_LEVELS = ['brief', 'standard', 'detailed', 'exhaustive'] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

/** How many sentences (text) or items (list) each detail level allows when no cap is set. */
export const SENTENCE_BUDGET: Record<DetailLevel, number> = { brief: 2, standard: 4, detailed: 7, exhaustive: 12 };
export const ITEM_BUDGET: Record<DetailLevel, number> = { brief: 3, standard: 6, detailed: 10, exhaustive: 16 };

/** Maps caller spellings ("concise", "high") onto the four levels the filler knows. */
export function detailOf(value: unknown): DetailLevel {
  const v = typeof value === 'string' ? value.toLowerCase() : '';
  if (/brief|concise|short|minimal|low|succinct/.test(v)) return 'brief';
  if (/exhaust|comprehensive|full|verbose/.test(v)) return 'exhaustive';
  if (/detail|thorough|high/.test(v)) return 'detailed';
  return 'standard';
}

export function shiftDetail(value: unknown, steps: number): DetailLevel {
  const i = DETAIL_LEVELS.indexOf(detailOf(value));
  return DETAIL_LEVELS[Math.max(0, Math.min(DETAIL_LEVELS.length - 1, i + steps))]!;
}

/** Detail level implied by a sample section's length in words. */
export function detailFromWords(words: number): DetailLevel {
  if (words <= 15) return 'brief';
  if (words <= 80) return 'standard';
  if (words <= 220) return 'detailed';
  return 'exhaustive';
}

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'section'
  );
}

/** Hands out ids unique within one template. */
export class IdPool {
  private readonly used = new Set<string>();
  constructor(template?: NoteTemplate) {
    if (template) for (const s of walkSections(template.sections)) this.used.add(s.id);
  }
  take(base: string): string {
    let id = slug(base);
    for (let n = 2; this.used.has(id); n++) id = `${slug(base)}_${n}`;
    this.used.add(id);
    return id;
  }
}

export function* walkSections(sections: TemplateSection[]): Generator<TemplateSection> {
  for (const s of sections) {
    yield s;
    if (s.type === 'heading') yield* walkSections(s.children);
  }
}

export function titleCase(text: string): string {
  const small = new Set(['and', 'of', 'or', 'the', 'for', 'to', 'in', 'on', 'with', 'a', 'an']);
  return text
    .trim()
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export interface ContentShape {
  shape: 'text' | 'list';
  listType?: 'numeric' | 'bullet';
  labelled?: boolean;
  detail?: DetailLevel;
  /** Most sentences a sample section held: a brief section still keeps that many. */
  sentences?: number;
}

/** A prompt saying what belongs in the section and how it is written. */
export function promptFor(heading: string, kind: SectionKind | undefined, shape: ContentShape): string {
  const what = kind ? kind.prompt : `What was said about ${heading.toLowerCase()}.`;
  let how: string;
  if (shape.shape === 'list') {
    how = shape.listType === 'numeric' ? 'Write a numbered list' : 'Write a bulleted list';
    how += shape.labelled ? ', one item per topic as "Label: finding".' : ', one item per point.';
  } else {
    how = 'Write in prose.';
  }
  return `${heading}: ${what} ${how} Use only what the transcript states; leave empty if nothing was said.`;
}

export function contentProperties(shape: ContentShape): TemplateSectionProperties {
  const props: TemplateSectionProperties = { detail_level: shape.detail ?? 'standard', hideIfEmpty: false };
  if (shape.shape === 'list' && shape.listType === 'numeric') props.list_type = 'numeric';
  if (shape.detail === 'brief' && shape.shape === 'text') props.max_sentences = Math.max(2, shape.sentences ?? 0);
  return props;
}

export interface HeadingStyle {
  level?: number;
  bold?: boolean;
}

/** A heading holding one text or list section: the unit every engine-written template uses. */
export function makeHeading(heading: string, shape: ContentShape, ids: IdPool, style: HeadingStyle = {}, kindId?: string): HeadingSection {
  const kind = (kindId ? kindById(kindId) : undefined) ?? classifyHeading(heading);
  const headingId = ids.take(kind?.kind ?? heading);
  const child: TemplateSection =
    shape.shape === 'list'
      ? { id: ids.take(`${headingId}_items`), type: 'list', prompt: promptFor(heading, kind, shape), properties: contentProperties(shape) }
      : { id: ids.take(`${headingId}_text`), type: 'text', prompt: promptFor(heading, kind, shape), properties: contentProperties(shape) };
  const properties: HeadingSection['properties'] = { level: style.level ?? 1, text: heading };
  if (style.bold) properties.bold = true;
  return { id: headingId, type: 'heading', properties, children: [child] };
}

/** Default shape for a known kind (used by guide-form generation and added sections). */
export function defaultShape(kind: SectionKind | undefined): ContentShape {
  if (!kind) return { shape: 'text', detail: 'standard' };
  return { shape: kind.shape, listType: 'bullet', labelled: kind.kind === 'ros' || kind.kind === 'exam' || kind.kind === 'vitals', detail: detailOf(kind.detail) };
}

export const DEFAULT_GLOBAL_PROMPT =
  'Write a clinical note from the visit transcript. State only facts said in the transcript, in third person, and leave a section empty when nothing was said about it.';
