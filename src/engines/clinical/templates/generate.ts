// Template generation: infer a NoteTemplate from 1–5 provider notes (reference form) or
// from a description of the wanted note (guide form).
import { asksLonger, asksShorter, LONGER_WORDS, SHORTER_WORDS } from '../language/index.ts';
import type { NoteTemplate, TemplateGenerationRequest, TemplateJobResult, TemplateSection } from '../../ports.ts';
import { classifyHeading, normaliseHeading, SECTION_KINDS, type SectionKind } from './catalog.ts';
import { DEFAULT_GLOBAL_PROMPT, detailFromWords, defaultShape, IdPool, makeHeading, titleCase, type ContentShape } from './build.ts';
import { parseNote, type ParsedSection } from './note-parse.ts';
import { applyInstructions } from './refine.ts';
import { escapeRegExp } from '../language/data.ts';

interface Aligned {
  key: string;
  samples: ParsedSection[];
  /** Mean relative position (0 = top, 1 = bottom) across the notes that have it. */
  position: number;
}

function mostCommon<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function shapeOf(samples: ParsedSection[]): ContentShape {
  const shape = mostCommon(samples.map((s) => s.shape));
  const lists = samples.filter((s) => s.shape === 'list');
  const shapeInfo: ContentShape = { shape, detail: detailFromWords(median(samples.map((s) => s.words))), sentences: Math.max(...samples.map((s) => s.sentences)) };
  if (shape === 'list') {
    shapeInfo.listType = mostCommon(lists.map((s) => s.listType ?? 'bullet'));
    shapeInfo.labelled = lists.filter((s) => s.labelled).length * 2 >= lists.length;
  }
  return shapeInfo;
}

/** Reference form: align the notes' sections by kind, keep their order and shapes. */
export function templateFromNotes(notes: { content: string; description?: string }[], title?: string): TemplateJobResult {
  const parsed = notes.map((n) => parseNote(n.content));
  const byKey = new Map<string, Aligned>();
  for (const note of parsed) {
    const headed = note.sections.filter((s) => s.heading);
    headed.forEach((section, i) => {
      const rel = headed.length > 1 ? i / (headed.length - 1) : 0;
      const entry = byKey.get(section.key);
      if (entry) {
        entry.position = (entry.position * entry.samples.length + rel) / (entry.samples.length + 1);
        entry.samples.push(section);
      } else {
        byKey.set(section.key, { key: section.key, samples: [section], position: rel });
      }
    });
  }
  const aligned = [...byKey.values()].sort((a, b) => a.position - b.position);
  const ids = new IdPool();
  const majority = Math.ceil(notes.length / 2);
  const sections: TemplateSection[] = [];
  for (const entry of aligned) {
    const heading = mostCommon(entry.samples.map((s) => s.heading!));
    const style = { level: mostCommon(entry.samples.map((s) => s.level)), bold: mostCommon(entry.samples.map((s) => s.bold)) };
    const section = makeHeading(heading, shapeOf(entry.samples), ids, style, entry.key.startsWith('custom:') ? undefined : entry.key);
    // Sections only some samples have are kept but hidden when the visit says nothing.
    if (entry.samples.length < majority) {
      for (const child of section.children) if (child.type !== 'heading') child.properties = { ...child.properties, hideIfEmpty: true };
    }
    sections.push(section);
  }
  if (sections.length === 0) {
    // No headings anywhere: one prose section shaped like the samples.
    const words = median(parsed.map((p) => p.sections.reduce((n, s) => n + s.words, 0)));
    sections.push(makeHeading('Note', { shape: 'text', detail: detailFromWords(words) }, ids));
  }
  const abbreviations = [...new Set(parsed.flatMap((p) => p.abbreviations))];
  const upper = parsed.flatMap((p) => p.sections.filter((s) => s.heading)).filter((s) => s.upperCase).length;
  const total = parsed.flatMap((p) => p.sections.filter((s) => s.heading)).length;
  let globalPrompt = DEFAULT_GLOBAL_PROMPT;
  if (abbreviations.length) globalPrompt += ` Use the abbreviations the clinician uses (${abbreviations.slice(0, 12).join(', ')}).`;
  const template: NoteTemplate = {
    id: 'generated_template',
    title: title ?? 'Custom note template',
    global_prompt: globalPrompt,
    sections,
  };
  const commonHeadings = aligned
    .filter((a) => a.samples.length === notes.length)
    .map((a) => mostCommon(a.samples.map((s) => s.heading!)));
  return {
    template,
    insights: {
      sampleCount: notes.length,
      commonHeadings,
      optionalHeadings: aligned.filter((a) => a.samples.length < majority).map((a) => mostCommon(a.samples.map((s) => s.heading!))),
      upperCaseHeadings: total > 0 && upper * 2 >= total,
      abbreviations,
    },
  };
}

const LENGTH_WORDS = new RegExp(`\\b(?:${SHORTER_WORDS}|${LONGER_WORDS})\\b`, 'gi');
const SOAP_SECTIONS = ['Subjective', 'Objective', 'Assessment', 'Plan'];

function phraseShape(description: string, at: number, kind: SectionKind | undefined): ContentShape {
  // Words just after the section name ("plan as a numbered list", "HPI in detail").
  const after = description.slice(at, at + 60).toLowerCase().split(/[,;\n]| and (?=[a-z ]*(?:section|history|exam|plan|assessment))/)[0] ?? '';
  const shape = defaultShape(kind);
  if (/numbered|ordered|numeric/.test(after)) return { ...shape, shape: 'list', listType: 'numeric' };
  if (/bullet|list/.test(after)) return { ...shape, shape: 'list', listType: 'bullet' };
  if (/prose|paragraph|narrative/.test(after)) return { ...shape, shape: 'text' };
  if (asksShorter(after)) return { ...shape, detail: 'brief' };
  if (asksLonger(after)) return { ...shape, detail: 'detailed' };
  return shape;
}

interface ListedSection {
  heading: string;
  kind?: SectionKind;
  shape: ContentShape;
}

/** "…with: reason for visit, skin exam, plan as a numbered list and patient education" —
 * an enumerated description; every item becomes a section, known to the catalogue or not. */
export function listedSections(description: string): ListedSection[] | undefined {
  const lines = description.split('\n').map((l) => l.trim());
  const bulleted = lines.filter((l) => /^(?:[-*•]|\d+[.)])\s+/.test(l));
  let items: string[];
  if (bulleted.length >= 2) {
    items = bulleted.map((l) => l.replace(/^(?:[-*•]|\d+[.)])\s+/, ''));
  } else {
    const lead = /:\s*|\b(?:with|including|includes|containing|covering|sections?(?:\s+(?:for|on))?)\s+/i.exec(description);
    if (!lead) return undefined;
    let segment = description.slice(lead.index + lead[0].length).split(/\.(?:\s|$)/)[0]!;
    // Keep "assessment and plan" whole while splitting on "and".
    const joined = SECTION_KINDS.flatMap((k) => k.synonyms).filter((syn) => / and |&/.test(syn));
    for (const syn of joined) segment = segment.replace(new RegExp(escapeRegExp(syn), 'gi'), (m) => m.replace(/ /g, '_'));
    items = segment.split(/,|;|\n|\bfollowed by\b|\bthen\b|\band\b/i).map((i) => i.replace(/_/g, ' '));
  }
  const out: ListedSection[] = [];
  for (const raw of items) {
    let phrase = raw.trim();
    const shape: Partial<ContentShape> = {};
    if (/\bnumbered|ordered\b/i.test(phrase)) Object.assign(shape, { shape: 'list', listType: 'numeric' });
    else if (/\bbullet(?:ed|s)?\b|\blist\b/i.test(phrase)) Object.assign(shape, { shape: 'list', listType: 'bullet' });
    else if (/\b(?:prose|paragraphs?|narrative)\b/i.test(phrase)) shape.shape = 'text';
    if (asksShorter(phrase)) shape.detail = 'brief';
    else if (asksLonger(phrase)) shape.detail = 'detailed';
    phrase = phrase
      .replace(/\b(?:as|in)\s+(?:a\s+)?(?:numbered|ordered|bulleted|bullet)?\s*(?:list|bullets|bullet points|prose|paragraphs?|narrative)\b/gi, '')
      .replace(LENGTH_WORDS, '').replace(/\b(?:numbered|bulleted|ordered)\b/gi, '')
      .replace(/^(?:(?:a|an|the|also|finally|lastly|last|first|plus)\s+)+/i, '')
      .replace(/^(?:section|part|heading)s?\s+(?:for|on|about|with|covering)\s+/i, '')
      .replace(/\s+(?:section|part|heading)s?$/i, '')
      .replace(/[."'()]+/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!phrase || phrase.split(' ').length > 6) continue;
    const kind = classifyHeading(phrase);
    const heading = kind && (phrase.replace(/[^a-z]/gi, '').length <= 4 || phrase === phrase.toLowerCase()) ? (phrase.length <= 4 ? kind.title : titleCase(phrase)) : titleCase(phrase);
    out.push({ heading, kind, shape: { ...defaultShape(kind), ...shape } });
  }
  return out.length >= 2 ? out : undefined;
}

/** Guide form: find the sections a description names, in the order it names them. */
export function templateFromDescription(description: string, instructions?: string): TemplateJobResult {
  const text = description;
  const hits: { at: number; end: number; kind?: SectionKind; heading: string }[] = [];
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9/&]+/g, ' ')} `;
  const claimed: [number, number][] = [];
  const synonyms = SECTION_KINDS.flatMap((k) => k.synonyms.filter((s) => s.length >= 3 || s === 'cc').map((s) => ({ kind: k, s: normaliseHeading(s) })));
  synonyms.sort((a, b) => b.s.length - a.s.length);
  for (const { kind, s } of synonyms) {
    if (s === 'history' || s === 'exam' && lower.includes(' physical exam')) continue;
    let from = 0;
    for (;;) {
      const at = lower.indexOf(` ${s} `, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + s.length + 1;
      if (claimed.some(([a, b]) => at < b && end > a)) continue;
      // "a follow-up note", "a history and physical template" describe the note, not a section.
      if (/^ (?:note|visit|template|appointment|encounter)\b/.test(lower.slice(end))) continue;
      claimed.push([at, end]);
      if (!hits.some((h) => h.kind === kind)) hits.push({ at, end, kind, heading: kind.title });
    }
  }
  hits.sort((a, b) => a.at - b.at);
  const ids = new IdPool();
  let sections: TemplateSection[];
  const listed = listedSections(text);
  if (listed) {
    sections = listed.map((l) => makeHeading(l.heading, l.shape, ids, {}, l.kind?.kind));
  } else if (hits.length === 0 && /\bsoap\b/i.test(text)) {
    sections = SOAP_SECTIONS.map((h) => makeHeading(h, defaultShape(classifyHeading(h)), ids));
  } else if (hits.length === 0) {
    // Nothing recognisable: a general visit note.
    sections = ['Chief Complaint', 'History of Present Illness', 'Physical Exam', 'Assessment and Plan'].map((h) =>
      makeHeading(h, defaultShape(classifyHeading(h)), ids),
    );
  } else {
    // `lower` is offset by one leading space relative to `text`, which phraseShape tolerates.
    sections = hits.map((h) => makeHeading(h.heading, phraseShape(lower, h.end, h.kind), ids, {}, h.kind?.kind));
  }
  let template: NoteTemplate = { id: 'generated_template', title: 'Custom note template', global_prompt: DEFAULT_GLOBAL_PROMPT, sections };
  const titleMatch = /^(?:an?\s+)?([a-z][a-z -]{2,40}?)\s+(?:note|template)\b/i.exec(
    text.trim().replace(/^(?:(?:i|we)\s+(?:want|need|would like)|please\s+(?:make|create|build)|create|make|build|give me)\s+/i, ''),
  );
  if (titleMatch) template.title = `${titleCase(titleMatch[1]!)} Note`;
  const outcome = instructions ? applyInstructions(template, instructions) : undefined;
  if (outcome) template = outcome.template;
  return {
    template,
    insights: {
      commonHeadings: sections.map((s) => (s.type === 'heading' ? s.properties.text : s.id)),
      recognisedSections: listed ? listed.filter((l) => l.kind).length : hits.length,
      ...(outcome ? { applied: outcome.applied, notApplied: outcome.notApplied } : {}),
    },
  };
}

export function generateTemplate(request: TemplateGenerationRequest): TemplateJobResult {
  if (request.notes && request.notes.length > 0) {
    const firstDescription = request.notes.find((n) => n.description)?.description;
    const title = firstDescription && firstDescription.length <= 80 ? titleCase(firstDescription) : undefined;
    const result = templateFromNotes(request.notes, title);
    if (request.instructions) {
      const outcome = applyInstructions(result.template, request.instructions);
      return { template: outcome.template, insights: { ...result.insights, applied: outcome.applied, notApplied: outcome.notApplied } };
    }
    return result;
  }
  return templateFromDescription(request.description ?? '', request.instructions);
}
