// Template edits shared by refinement rules: find a section a phrase names, reshape, rename, insert headings.
import type { HeadingSection, NoteTemplate, TemplateSection, TemplateSectionProperties } from '../../ports.ts';
import { classifyHeading, classifySection, normaliseHeading } from './catalog.ts';
import { defaultShape, IdPool, makeHeading, titleCase, type ContentShape } from './build.ts';
import { keyFor } from './note-parse.ts';

export type Content = Exclude<TemplateSection, HeadingSection>;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
export const VERBS =
  'add|include|insert|create|remove|drop|delete|omit|exclude|rename|retitle|call|make|put|format|present|write|turn|show|move|place|change|use|limit|keep|hide|bold|shorten|condense|expand|list|don\'t|do not|no longer|get rid of|take out';

export function toNumber(token: string): number {
  return NUMBER_WORDS[token.toLowerCase()] ?? Number.parseInt(token, 10);
}

export function headingText(section: TemplateSection): string | undefined {
  if (section.type === 'heading') return section.properties.text;
  return section.properties?.label;
}

export function contents(section: TemplateSection): Content[] {
  return section.type === 'heading' ? section.children.filter((c): c is Content => c.type !== 'heading') : [section];
}

export function sectionKey(section: TemplateSection): string {
  const heading = headingText(section);
  if (heading) return keyFor(heading);
  const kind = classifySection(undefined, section.type === 'heading' ? '' : section.prompt);
  return kind ? kind.kind : `id:${section.id}`;
}

export const WHOLE_NOTE = /^(?:the\s+)?(?:whole\s+|entire\s+)?(?:note|everything|all(?:\s+sections)?|all of it|it|sections|each section|every section)$/i;

export function cleanTarget(phrase: string): string {
  return phrase
    .trim()
    .replace(/^["'“]|["'”]$/g, '')
    .replace(/^(?:the|a|an|my)\s+/i, '')
    .replace(/\s+(?:section|heading|part|portion)s?$/i, '')
    .trim();
}

/** Index of the top-level section a phrase names ("HPI", "the plan", "review of systems"). */
export function findSection(template: NoteTemplate, phrase: string): number {
  const target = cleanTarget(phrase);
  const norm = normaliseHeading(target);
  if (!norm) return -1;
  const kind = classifyHeading(target);
  const sections = template.sections;
  let index = sections.findIndex((s) => normaliseHeading(headingText(s) ?? '') === norm || s.id === target);
  if (index < 0 && kind) index = sections.findIndex((s) => sectionKey(s) === kind.kind);
  if (index < 0) index = sections.findIndex((s) => normaliseHeading(headingText(s) ?? '').includes(norm) && norm.length >= 3);
  if (index < 0 && kind) {
    // "Assessment" may live inside "Assessment and Plan": accept a section of a related kind.
    index = sections.findIndex((s) => sectionKey(s).includes(kind.kind) || kind.kind.includes(sectionKey(s)));
  }
  return index;
}

export function headingsUpperCase(template: NoteTemplate): boolean {
  const texts = template.sections.filter((s) => s.type === 'heading').map((s) => (s as HeadingSection).properties.text);
  return texts.length > 0 && texts.filter((t) => t === t.toUpperCase()).length * 2 > texts.length;
}

export function headingStyle(template: NoteTemplate): { level?: number; bold?: boolean } {
  const first = template.sections.find((s): s is HeadingSection => s.type === 'heading');
  return first ? { level: first.properties.level, bold: first.properties.bold } : {};
}

export function setShape(content: Content, shape: 'text' | 'list', listType?: 'numeric' | 'bullet'): Content {
  const props: TemplateSectionProperties = { ...content.properties };
  let prompt = content.prompt.replace(/\s*Write (?:in prose|a (?:numbered|bulleted) list[^.]*)\.\s*/g, ' ').trim();
  if (shape === 'list') {
    if (listType === 'numeric') props.list_type = 'numeric';
    else delete props.list_type;
    prompt += listType === 'numeric' ? ' Write a numbered list, one item per point.' : ' Write a bulleted list, one item per point.';
  } else {
    delete props.list_type;
    delete props.min_items;
    delete props.max_items;
    prompt += ' Write in prose.';
  }
  const { result: _result, ...rest } = content as Content & { result?: unknown };
  return shape === 'list' ? { ...rest, type: 'list', prompt, properties: props } : { ...rest, type: 'text', prompt, properties: props };
}

export function mapContents(template: NoteTemplate, indices: number[], change: (c: Content) => Content): void {
  for (const i of indices) {
    const section = template.sections[i]!;
    if (section.type === 'heading') section.children = section.children.map((c) => (c.type === 'heading' ? c : change(c)));
    else template.sections[i] = change(section);
  }
}

export function addGlobal(template: NoteTemplate, sentence: string): void {
  const current = template.global_prompt?.trim();
  if (current?.includes(sentence)) return;
  template.global_prompt = current ? `${current} ${sentence}` : sentence;
}

export function renameSection(template: NoteTemplate, index: number, name: string): void {
  const section = template.sections[index]!;
  if (section.type === 'heading') section.properties.text = name;
  else section.properties = { ...section.properties, label: name };
}

export function newHeading(template: NoteTemplate, phrase: string, shape?: ContentShape): HeadingSection {
  const kind = classifyHeading(phrase);
  let text = kind ? kind.title : titleCase(phrase);
  if (headingsUpperCase(template)) text = text.toUpperCase();
  return makeHeading(text, shape ?? defaultShape(kind), new IdPool(template), headingStyle(template), kind?.kind);
}

/** Sections a phrase names: all of them for "the note" / "everything", else the one it names (none if unknown). */
export function targets(template: NoteTemplate, phrase: string | undefined): number[] {
  if (!phrase || WHOLE_NOTE.test(phrase.trim())) return template.sections.map((_, i) => i);
  const i = findSection(template, phrase);
  return i >= 0 ? [i] : [];
}

/** What a section says about itself in a change description: its id, or "all sections". */
export function named(template: NoteTemplate, indices: number[]): string {
  return indices.length === 1 ? template.sections[indices[0]!]!.id : 'all sections';
}
