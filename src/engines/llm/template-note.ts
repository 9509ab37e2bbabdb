// Template and style notes written by the model: one answer per content section, each
// grounded as prose, then rendered with the embedded engine's template markdown writer.
import type { NoteRequest, NoteResult, NoteTemplate, TemplateSection } from '../ports.ts';
import { renderMarkdown } from '../clinical/templates/index.ts';
import { groundProse } from '../grounding/prose.ts';
import type { Grounder, Ungrounded } from '../grounding/types.ts';
import type { Span } from '../ports.ts';
import { type LlmContext, resultMetadata } from './context.ts';
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

interface Fill {
  sections: { id: string; text?: string; items?: string[] }[] | Record<string, unknown>;
}

// Accepted back: the requested list, or a map of section id → text or items.
const FILL_ACCEPTED = {
  check: (v: unknown) => !!v && typeof v === 'object' && !!(v as Fill).sections && typeof (v as Fill).sections === 'object',
  errors: () => 'the answer must be {"sections": [{"id", "text", "items"}]}',
};

/** Section id → its answer, from either accepted shape; non-strings are dropped. */
function answersOf(fill: Fill): Map<string, { text: string; items: string[] }> {
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const entries: [string, unknown, unknown][] = Array.isArray(fill.sections)
    ? fill.sections.map((s) => [str(s?.id), s?.text, s?.items])
    : Object.entries(fill.sections).map(([id, v]) => [id, Array.isArray(v) ? '' : v, Array.isArray(v) ? v : []]);
  return new Map(entries.map(([id, text, items]) => [id, { text: str(text), items: Array.isArray(items) ? items.map(str).filter(Boolean) : [] }]));
}

type Content = Exclude<TemplateSection, { type: 'heading' }>;

function contentSections(sections: TemplateSection[], under: string[] = []): { section: Content; headings: string[] }[] {
  return sections.flatMap((s) =>
    s.type === 'heading' ? contentSections(s.children, [...under, s.properties.text]) : [{ section: s, headings: under }],
  );
}

export interface TemplateNoteInput {
  ctx: LlmContext;
  request: NoteRequest;
  template: NoteTemplate;
  transcript: string;
  facts: string;
  grounder: Grounder;
  usage: Usage;
  engine: string;
}

export async function templateNoteWithModel(input: TemplateNoteInput): Promise<NoteResult> {
  const { ctx, request, grounder, usage } = input;
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
    { usage, strict: true, validate: FILL_ACCEPTED },
  );
  const answers = answersOf(fill);
  const ungrounded: Ungrounded[] = [];
  const evidence: { id: string; spans: Span[] }[] = [];
  for (const { section } of content) {
    const answer = answers.get(section.id);
    const path = `sections.${section.id}`;
    const spans: Span[] = [];
    const ground = (text: string, at: string) => {
      const checked = groundProse(text, at, grounder, ctx.grounding);
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
    json: { sections: template.sections, evidence, metadata: resultMetadata(input.engine, ctx, usage, ungrounded) },
  };
}
