// Note styles: a readable style string derived from a sample note (POST /v1/note-styles),
// and its conversion back into a NoteTemplate for `noteType {type: "note_style"}`.
// The string is meant to be read and edited by people, and parsed back by the engine.
import type { HeadingSection, NoteTemplate, StyleRequest, TemplateSection } from '../../ports.ts';
import { classifyHeading } from './catalog.ts';
import { DEFAULT_GLOBAL_PROMPT, detailOf, IdPool, makeHeading, type ContentShape } from './build.ts';
import { templateFromDescription, templateFromNotes } from './generate.ts';
import { parseNote } from './note-parse.ts';
import { applyInstructions } from './refine.ts';

const MARKER = 'Note style v1';

function describeContent(section: TemplateSection): string {
  if (section.type === 'heading') return 'prose';
  if (section.type === 'text') return 'prose';
  const numbered = section.properties?.list_type === 'numeric';
  const labelled = /"Label: finding"/.test(section.prompt);
  return `${numbered ? 'numbered' : 'bulleted'} list${labelled ? ', labelled' : ''}`;
}

function firstContent(section: TemplateSection): Exclude<TemplateSection, HeadingSection> | undefined {
  if (section.type !== 'heading') return section;
  for (const child of section.children) if (child.type !== 'heading') return child;
  return undefined;
}

/** Writes a template as a style string (one line per section, in order). */
export function templateToStyle(template: NoteTemplate): string {
  const headings = template.sections.filter((s): s is HeadingSection => s.type === 'heading');
  const level = headings[0]?.properties.level ?? 1;
  const bold = headings.some((h) => h.properties.bold);
  const lines = [MARKER, `Headings: level ${level}, ${bold ? 'bold' : 'plain'}`, 'Sections:'];
  template.sections.forEach((section, i) => {
    const content = firstContent(section);
    const name = section.type === 'heading' ? section.properties.text : (section.properties?.label ?? section.id);
    const props = content?.properties;
    const parts = [name, content ? describeContent(content) : 'prose', detailOf(props?.detail_level)];
    if (props?.max_sentences) parts.push(`max ${props.max_sentences} sentences`);
    if (props?.max_items) parts.push(`max ${props.max_items} items`);
    if (props?.hideIfEmpty) parts.push('hide if empty');
    if (props?.tone) parts.push(`tone ${props.tone}`);
    lines.push(`${i + 1}. ${parts.join(' | ')}`);
  });
  const abbreviations = /abbreviations[^(]*\(([^)]*)\)/.exec(template.global_prompt ?? '')?.[1];
  if (abbreviations) lines.push(`Abbreviations: ${abbreviations}`);
  const guidance = (template.global_prompt ?? '').replace(DEFAULT_GLOBAL_PROMPT, '').replace(/\s*Use the (?:clinician's )?abbreviations[^.]*\.\s*/g, ' ').trim();
  if (guidance) lines.push(`Guidance: ${guidance}`);
  return lines.join('\n');
}

export async function deriveStyle(request: StyleRequest): Promise<string> {
  let template = templateFromNotes([{ content: request.sampleNote }], 'Note style').template;
  const instructions = (request.instructions ?? []).filter((i) => typeof i === 'string' && i.trim());
  if (instructions.length) template = applyInstructions(template, instructions.join('\n')).template;
  return templateToStyle(template);
}

const SECTION_LINE = /^\s*\d+[.)]\s+(.*\S)\s*$/;

/** Reads a style string back into a template. Free-form strings (a pasted sample note or a
 * description of the wanted note) are accepted too, so a hand-written style still works. */
export function styleToTemplate(style: string): NoteTemplate {
  const lines = style.replace(/\r\n?/g, '\n').split('\n');
  if (!lines[0]?.trim().startsWith(MARKER)) {
    const headed = parseNote(style).sections.filter((s) => s.heading).length;
    return headed >= 2 ? templateFromNotes([{ content: style }], 'Note style').template : templateFromDescription(style).template;
  }
  const headingLine = lines.find((l) => /^Headings:/i.test(l)) ?? '';
  const level = Number(/level\s+(\d)/i.exec(headingLine)?.[1] ?? 1);
  const bold = /\bbold\b/i.test(headingLine);
  const ids = new IdPool();
  const sections: TemplateSection[] = [];
  let inSections = false;
  let globalPrompt = DEFAULT_GLOBAL_PROMPT;
  for (const line of lines.slice(1)) {
    if (/^Sections:/i.test(line)) {
      inSections = true;
      continue;
    }
    const abbr = /^Abbreviations:\s*(.+)$/i.exec(line);
    if (abbr) {
      globalPrompt += ` Use the clinician's abbreviations (${abbr[1]!.trim()}).`;
      continue;
    }
    const guidance = /^(?:Guidance|Instructions):\s*(.+)$/i.exec(line);
    if (guidance) {
      globalPrompt += ` ${guidance[1]!.trim()}`;
      continue;
    }
    const m = inSections ? SECTION_LINE.exec(line) : null;
    if (!m) continue;
    const [name, kindText = 'prose', detail = 'standard', ...extras] = m[1]!.split('|').map((p) => p.trim());
    const isList = /list/i.test(kindText);
    const shape: ContentShape = {
      shape: isList ? 'list' : 'text',
      listType: /numbered|numeric/i.test(kindText) ? 'numeric' : 'bullet',
      labelled: /labelled|labeled/i.test(kindText),
      detail: detailOf(detail),
    };
    const heading = makeHeading(name!, shape, ids, { level, bold }, classifyHeading(name!)?.kind);
    const content = heading.children[0]!;
    if (content.type !== 'heading') {
      const props = { ...content.properties };
      if (!/max \d+ sentences/.test(extras.join(' '))) delete props.max_sentences;
      for (const extra of extras) {
        const n = /max (\d+) (sentences|items)/.exec(extra);
        if (n) props[n[2] === 'items' ? 'max_items' : 'max_sentences'] = Number(n[1]);
        if (/hide if empty/i.test(extra)) props.hideIfEmpty = true;
        const tone = /tone (\w+)/.exec(extra);
        if (tone) props.tone = tone[1];
      }
      content.properties = props;
    }
    sections.push(heading);
  }
  if (sections.length === 0) return templateFromDescription(style).template;
  return { id: 'note_style', title: 'Note style', global_prompt: globalPrompt, sections };
}
