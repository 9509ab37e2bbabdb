// Finishing a model-written template note: each content section's answer is grounded as
// prose, then the note is rendered with the embedded engine's template markdown writer.
import { renderMarkdown } from '../../clinical/templates/index.ts';
import { groundProse } from '../../grounding/prose.ts';
import { TranscriptGrounder } from '../../grounding/transcript-grounder.ts';
import type { Ungrounded } from '../../grounding/types.ts';
import type { NoteResult, NoteTemplate, Span, TemplateSection } from '../../ports.ts';
import { type AnswerMeta, metadata } from '../metadata.ts';

export interface Fill {
  sections: { id: string; text?: string; items?: string[] }[] | Record<string, unknown>;
}

/** Section id → its answer, from either accepted shape; non-strings are dropped. */
function answersOf(fill: Fill): Map<string, { text: string; items: string[] }> {
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const entries: [string, unknown, unknown][] = Array.isArray(fill.sections)
    ? fill.sections.map((s) => [str(s?.id), s?.text, s?.items])
    : Object.entries(fill.sections).map(([id, v]) => [id, Array.isArray(v) ? '' : v, Array.isArray(v) ? v : []]);
  return new Map(entries.map(([id, text, items]) => [id, { text: str(text), items: Array.isArray(items) ? items.map(str).filter(Boolean) : [] }]));
}

type Content = Exclude<TemplateSection, { type: 'heading' }>;

export function contentSections(sections: TemplateSection[], under: string[] = []): { section: Content; headings: string[] }[] {
  return sections.flatMap((s) =>
    s.type === 'heading' ? contentSections(s.children, [...under, s.properties.text]) : [{ section: s, headings: under }],
  );
}

export interface TemplateNoteAnswer {
  transcript: string;
  template: NoteTemplate;
  fill: Fill;
  meta: AnswerMeta;
}

export function finishTemplateNote({ transcript, template, fill, meta }: TemplateNoteAnswer): NoteResult {
  const grounder = new TranscriptGrounder(transcript);
  const content = contentSections(template.sections);
  const answers = answersOf(fill);
  const ungrounded: Ungrounded[] = [];
  const evidence: { id: string; spans: Span[] }[] = [];
  for (const { section } of content) {
    const answer = answers.get(section.id);
    const path = `sections.${section.id}`;
    const spans: Span[] = [];
    const ground = (text: string, at: string) => {
      const checked = groundProse(text, at, grounder, meta.grounding);
      ungrounded.push(...checked.ungrounded);
      spans.push(...checked.spans);
      return checked.text;
    };
    if (section.type === 'list') {
      const items = answer?.items?.length ? answer.items : answer?.text ? [answer.text] : [];
      section.result = items.map((item, i) => ground(item, `${path}.${i}`)).filter((t) => t !== '');
    } else {
      section.result = ground(answer?.text || (answer?.items ?? []).join(' '), path);
    }
    if (spans.length) evidence.push({ id: section.id, spans });
  }
  return {
    markdown: renderMarkdown(template.sections),
    json: { sections: template.sections, evidence, metadata: metadata(meta, ungrounded) },
  };
}
