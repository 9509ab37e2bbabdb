// Template refinement: plain-language instructions ("add a section for family history
// after social history", "make the assessment more concise", "rename HPI to History",
// "put the plan as a numbered list and drop the review of systems") and learning from a
// clinician's edit of a note (before → after).
import type { HeadingSection, NoteTemplate, TemplateSection, TemplateSectionProperties } from '../../ports.ts';
import { classifyHeading, classifySection, normaliseHeading } from './catalog.ts';
import { defaultShape, detailOf, IdPool, ITEM_BUDGET, makeHeading, shiftDetail, titleCase, walkSections, type ContentShape } from './build.ts';
import { keyFor, parseNote, type ParsedSection } from './note-parse.ts';

export interface RefineOutcome {
  template: NoteTemplate;
  /** What was changed, one short phrase each. */
  applied: string[];
  /** Clauses not understood; they are kept in the global prompt for the filler. */
  notApplied: string[];
}

type Content = Exclude<TemplateSection, HeadingSection>;

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const VERBS =
  'add|include|insert|create|remove|drop|delete|omit|exclude|rename|retitle|call|make|put|format|present|write|turn|show|move|place|change|use|limit|keep|hide|bold|shorten|condense|expand|list|don\'t|do not|no longer|get rid of|take out';

function toNumber(token: string): number {
  return NUMBER_WORDS[token.toLowerCase()] ?? Number.parseInt(token, 10);
}

/** Splits an instruction text into single-action clauses. */
export function splitClauses(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+|\n+|;\s*/)
    .flatMap((sentence) => sentence.split(new RegExp(`,?\\s+(?:and|then|also)\\s+(?=(?:please\\s+)?(?:${VERBS})\\b)|,\\s+(?=(?:${VERBS})\\b)`, 'i')))
    .map((c) =>
      c
        .trim()
        .replace(/^(?:(?:please|also|and|then|can you|could you|would you|will you|i'd like you to|i want you to|let's)\s+)+/i, '')
        .replace(/[.!?]+$/, '')
        .trim(),
    )
    .filter((c) => c.length > 0);
}

function headingText(section: TemplateSection): string | undefined {
  if (section.type === 'heading') return section.properties.text;
  return section.properties?.label;
}

function contents(section: TemplateSection): Content[] {
  return section.type === 'heading' ? section.children.filter((c): c is Content => c.type !== 'heading') : [section];
}

function sectionKey(section: TemplateSection): string {
  const heading = headingText(section);
  if (heading) return keyFor(heading);
  const kind = classifySection(undefined, section.type === 'heading' ? '' : section.prompt);
  return kind ? kind.kind : `id:${section.id}`;
}

const WHOLE_NOTE = /^(?:the\s+)?(?:whole\s+|entire\s+)?(?:note|everything|all(?:\s+sections)?|all of it|it|sections|each section|every section)$/i;

function cleanTarget(phrase: string): string {
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

function headingsUpperCase(template: NoteTemplate): boolean {
  const texts = template.sections.filter((s) => s.type === 'heading').map((s) => (s as HeadingSection).properties.text);
  return texts.length > 0 && texts.filter((t) => t === t.toUpperCase()).length * 2 > texts.length;
}

function headingStyle(template: NoteTemplate): { level?: number; bold?: boolean } {
  const first = template.sections.find((s): s is HeadingSection => s.type === 'heading');
  return first ? { level: first.properties.level, bold: first.properties.bold } : {};
}

function setShape(content: Content, shape: 'text' | 'list', listType?: 'numeric' | 'bullet'): Content {
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

function mapContents(template: NoteTemplate, indices: number[], change: (c: Content) => Content): void {
  for (const i of indices) {
    const section = template.sections[i]!;
    if (section.type === 'heading') section.children = section.children.map((c) => (c.type === 'heading' ? c : change(c)));
    else template.sections[i] = change(section);
  }
}

function addGlobal(template: NoteTemplate, sentence: string): void {
  const current = template.global_prompt?.trim();
  if (current?.includes(sentence)) return;
  template.global_prompt = current ? `${current} ${sentence}` : sentence;
}

function renameSection(template: NoteTemplate, index: number, name: string): void {
  const section = template.sections[index]!;
  if (section.type === 'heading') section.properties.text = name;
  else section.properties = { ...section.properties, label: name };
}

function newHeading(template: NoteTemplate, phrase: string, shape?: ContentShape): HeadingSection {
  const kind = classifyHeading(phrase);
  let text = kind ? kind.title : titleCase(phrase);
  if (headingsUpperCase(template)) text = text.toUpperCase();
  return makeHeading(text, shape ?? defaultShape(kind), new IdPool(template), headingStyle(template), kind?.kind);
}

/** Applies one clause; returns a description of the change, or undefined if not understood. */
function applyClause(template: NoteTemplate, clause: string): string | undefined {
  const c = clause.replace(/\s+/g, ' ').trim();
  const all = () => template.sections.map((_, i) => i);
  const targets = (phrase: string | undefined): number[] => {
    if (!phrase || WHOLE_NOTE.test(phrase.trim())) return all();
    const i = findSection(template, phrase);
    return i >= 0 ? [i] : [];
  };
  let m: RegExpExecArray | null;

  // Rename: "rename HPI to History", "call the plan section 'Recommendations'".
  if (
    (m = /^(?:rename|retitle|relabel)\s+(?:the\s+)?(.+?)\s+(?:section\s+|heading\s+)?(?:to|as|into)\s+(.+)$/i.exec(c)) ||
    (m = /^change\s+(?:the\s+)?(?:name|title|heading)\s+of\s+(?:the\s+)?(.+?)\s+to\s+(.+)$/i.exec(c)) ||
    (m = /^change\s+(?:the\s+)?(.+?)\s+(?:heading|title|name)\s+to\s+(.+)$/i.exec(c)) ||
    (m = /^call\s+(?:the\s+)?(.+?)\s+(?:section|heading)\s+(.+)$/i.exec(c))
  ) {
    const i = findSection(template, m[1]!);
    if (i < 0) return undefined;
    const name = m[2]!.trim().replace(/^["'“]|["'”]$/g, '').replace(/\s+(?:section|heading)$/i, '');
    renameSection(template, i, name);
    return `renamed section ${template.sections[i]!.id}`;
  }

  // Shape: "put the plan as a numbered list", "write the HPI as prose".
  if ((m = /^(?:put|make|format|present|write|turn|show|list|change|convert|have)\s+(?:the\s+)?(.+?)\s+(?:as|into|in|to|to be)\s+(?:a\s+|an\s+)?(numbered|numeric|ordered|bulleted|bullet(?:ed)?|bullet[- ]point(?:ed)?)?\s*(list|bullets|bullet points|points|prose|paragraphs?|narrative|sentences|text)\b/i.exec(c))) {
    const shape = /prose|paragraph|narrative|sentences|text/i.test(m[3]!) ? 'text' : 'list';
    const listType = m[2] && /number|numeric|ordered/i.test(m[2]) ? 'numeric' : 'bullet';
    const idx = targets(m[1]);
    if (idx.length === 0) return undefined;
    mapContents(template, idx, (content) => setShape(content, shape, listType));
    return `made ${idx.length === 1 ? template.sections[idx[0]!]!.id : 'all sections'} ${shape === 'text' ? 'prose' : `a ${listType === 'numeric' ? 'numbered' : 'bulleted'} list`}`;
  }
  if ((m = /^(?:the\s+)?(.+?)\s+(?:should|must|needs? to|has to|could)\s+be\s+(?:in\s+)?(?:a\s+)?(numbered|bulleted|bullet(?:ed)?|ordered)?\s*(list|bullets|bullet points|prose|paragraphs?|narrative)$/i.exec(c))) {
    const idx = targets(m[1]);
    if (idx.length === 0) return undefined;
    const shape = /prose|paragraph|narrative/i.test(m[3]!) ? 'text' : 'list';
    const listType = m[2] && /number|ordered/i.test(m[2]) ? 'numeric' : 'bullet';
    mapContents(template, idx, (content) => setShape(content, shape, listType));
    return `made ${m[1]} ${shape === 'text' ? 'prose' : `a ${listType === 'numeric' ? 'numbered' : 'bulleted'} list`}`;
  }
  if ((m = /^(?:i'd like|i would like|i want|make|have|keep)\s+(?:the\s+)?(.+?)\s+(numbered|bulleted|in bullets|as bullets|bullet[- ]pointed)$/i.exec(c))) {
    const idx = targets(m[1]);
    if (idx.length === 0) return undefined;
    const listType = /number/i.test(m[2]!) ? 'numeric' : 'bullet';
    mapContents(template, idx, (content) => setShape(content, 'list', listType));
    return `made ${m[1]} a ${listType === 'numeric' ? 'numbered' : 'bulleted'} list`;
  }
  if ((m = /^(?:use\s+)?(numbered|bulleted|bullet)\s+(?:lists?|points)\s+(?:for|in)\s+(?:the\s+)?(.+)$/i.exec(c))) {
    const idx = targets(m[2]);
    if (idx.length === 0) return undefined;
    const listType = /number/i.test(m[1]!) ? 'numeric' : 'bullet';
    mapContents(template, idx, (content) => setShape(content, 'list', listType));
    return `made ${m[2]} a ${listType === 'numeric' ? 'numbered' : 'bulleted'} list`;
  }

  // Move: "move family history after social history", "put the plan at the top".
  if ((m = /^(?:move|put|place)\s+(?:the\s+)?(.+?)\s+(?:section\s+)?(?:right\s+|just\s+|directly\s+|immediately\s+)?(after|before|below|above|under|to the top|to the end|to the bottom|at the top|at the end|at the bottom|first|last)\s*(.*)$/i.exec(c))) {
    const from = findSection(template, m[1]!);
    if (from < 0) return undefined;
    const [section] = template.sections.splice(from, 1);
    const where = m[2]!.toLowerCase();
    if (/top|first/.test(where)) template.sections.unshift(section!);
    else if (/end|bottom|last/.test(where)) template.sections.push(section!);
    else {
      const anchor = findSection(template, m[3]!);
      if (anchor < 0) {
        template.sections.splice(from, 0, section!);
        return undefined;
      }
      template.sections.splice(/after|below|under/.test(where) ? anchor + 1 : anchor, 0, section!);
    }
    return `moved section ${section!.id}`;
  }

  // Add: "add a section for family history after social history".
  if ((m = /^(?:add|include|insert|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:(?:section|heading|part)\s+(?:for|on|about|called|named|titled|with|covering)\s+)?(.+?)(?:\s+(?:section|heading))?(?:\s+(?:as|in)\s+(?:a\s+)?(numbered|bulleted)?\s*(list|prose))?(?:\s+(?:right\s+|just\s+|directly\s+|immediately\s+)?(after|before|below|above|under)\s+(?:the\s+)?(.+?)|\s+(?:at|to)\s+the\s+(top|end|bottom|beginning|start))?$/i.exec(c))) {
    const phrase = cleanTarget(m[1]!);
    if (!phrase || findSection(template, phrase) >= 0 && classifyHeading(phrase)) {
      return phrase ? `kept existing section for ${phrase}` : undefined;
    }
    let shape: ContentShape | undefined;
    if (m[3]) shape = { ...defaultShape(classifyHeading(phrase)), shape: /list/i.test(m[3]) ? 'list' : 'text', listType: m[2] && /number/i.test(m[2]) ? 'numeric' : 'bullet' };
    const section = newHeading(template, phrase, shape);
    if (m[4]) {
      const anchor = findSection(template, m[5]!);
      if (anchor < 0) template.sections.push(section);
      else template.sections.splice(/after|below|under/i.test(m[4]) ? anchor + 1 : anchor, 0, section);
    } else if (m[6] && /top|beginning|start/i.test(m[6])) template.sections.unshift(section);
    else template.sections.push(section);
    return `added section ${section.id}`;
  }

  // Merge: "merge assessment and plan into one section".
  if ((m = /^(?:merge|combine|join)\s+(?:the\s+)?(.+?)\s+(?:and|with)\s+(?:the\s+)?(.+?)(?:\s+(?:sections?|headings?))?(?:\s+(?:into|in|as)\s+(?:one|a single|a combined|one combined)\s+(?:section|heading))?$/i.exec(c))) {
    const a = findSection(template, m[1]!);
    const b = findSection(template, m[2]!);
    if (a < 0 || b < 0 || a === b) return undefined;
    const [first, second] = a < b ? [a, b] : [b, a];
    const one = template.sections[first]!;
    const two = template.sections[second]!;
    const joined = `${headingText(one) ?? m[1]} and ${headingText(two) ?? m[2]}`;
    const kind = classifyHeading(joined);
    let text = kind ? kind.title : titleCase(joined);
    if (headingsUpperCase(template)) text = text.toUpperCase();
    const merged = makeHeading(text, { ...defaultShape(kind), shape: contents(one)[0]?.type === 'list' || contents(two)[0]?.type === 'list' ? 'list' : 'text' }, new IdPool(template), headingStyle(template), kind?.kind);
    template.sections.splice(second, 1);
    template.sections.splice(first, 1, merged);
    return `merged into section ${merged.id}`;
  }

  // Hide empty sections (before removal, whose verbs overlap).
  if (/\b(?:hide|omit|skip|remove|drop|leave out)\b.*\b(?:empty|blank)\b|\bsections?\b.*\b(?:when|if|that are)\s+(?:empty|blank)/i.test(c)) {
    for (const s of walkSections(template.sections)) if (s.type !== 'heading') s.properties = { ...s.properties, hideIfEmpty: true };
    return 'empty sections are hidden';
  }

  // Remove: "drop the review of systems", "no ROS", "don't include family history".
  if ((m = /^(?:remove|drop|delete|omit|exclude|get rid of|take out|leave out|skip|no|don't include|do not include|no longer include)\s+(?:the\s+)?(.+)$/i.exec(c))) {
    // "the ROS and the exam": several sections, unless the phrase names one ("assessment and plan").
    const split = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+/i).filter(Boolean);
    const each = split.map((p) => findSection(template, p));
    const several = split.length > 1 && each.every((i) => i >= 0) && new Set(each).size === each.length;
    const indices = several ? each : [findSection(template, m[1]!)];
    if (indices.length === 0 || indices.some((i) => i < 0)) return undefined;
    const removed = [...new Set(indices)].sort((a, b) => b - a).map((i) => template.sections.splice(i, 1)[0]!.id);
    return `removed ${removed.length === 1 ? 'section' : 'sections'} ${removed.reverse().join(', ')}`;
  }

  // Length limits: "limit the assessment to 3 sentences", "plan in at most five items".
  if (
    (m = /^(?:limit|keep|restrict|cap)\s+(?:the\s+)?(.+?)\s+to\s+(?:at most\s+|no more than\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(sentences?|items?|bullets?|points?|lines?)$/i.exec(c)) ||
    (m = /^(?:write\s+|keep\s+)?(?:the\s+)?(.+?)\s+(?:in|with|to)\s+(?:at most|no more than|max(?:imum)?(?: of)?|up to)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(sentences?|items?|bullets?|points?|lines?)$/i.exec(c)) ||
    (m = /^(?:write\s+|keep\s+)?(?:the\s+)?(.+?)\s+(under|below|fewer than|less than)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(sentences?|items?|bullets?|points?|lines?)$/i.exec(c))
  ) {
    // "under 3 sentences" is strict: at most 2.
    if (m.length === 5) m = Object.assign([m[0], m[1], String(Math.max(1, toNumber(m[3]!) - 1)), m[4]], { index: m.index, input: m.input }) as unknown as RegExpExecArray;
    const n = toNumber(m[2]!);
    const idx = targets(m[1]);
    if (idx.length === 0 || !Number.isFinite(n)) return undefined;
    const sentences = /sentence|line/i.test(m[3]!);
    mapContents(template, idx, (original) => {
      // "at most 4 items" asks for a list.
      const content = !sentences && original.type === 'text' ? setShape(original, 'list', 'bullet') : original;
      const props = { ...content.properties };
      if (sentences && content.type === 'text') props.max_sentences = n;
      else if (content.type === 'list') props.max_items = n;
      else props.max_sentences = n;
      if (props.min_sentences !== undefined && props.max_sentences !== undefined && props.min_sentences > props.max_sentences) props.min_sentences = props.max_sentences;
      if (props.min_items !== undefined && props.max_items !== undefined && props.min_items > props.max_items) props.min_items = props.max_items;
      return { ...content, properties: props };
    });
    return `limited length of ${idx.length === 1 ? template.sections[idx[0]!]!.id : 'all sections'} to ${n}`;
  }

  // Detail: "make the assessment more concise", "make the HPI more detailed".
  const shorter = /(?:more\s+)?(?:concise|brief|briefer|shorter|succinct|terse|to the point|compact)\b/i;
  const longer = /(?:more\s+)?(?:detailed|thorough|comprehensive|longer|elaborate|in depth|in more detail)\b/i;
  if (
    (m = /^(?:make|keep|write|have)\s+(?:the\s+)?(.+?)\s+(?:section\s+)?(?:much\s+|a bit\s+|a little\s+|slightly\s+)?(?:more\s+|less\s+wordy|shorter|longer)?\s*(concise|brief|briefer|shorter|succinct|terse|compact|detailed|thorough|comprehensive|longer|elaborate|wordy)?$/i.exec(c)) &&
    (shorter.test(c) || longer.test(c) || /less wordy/i.test(c))
  ) {
    const idx = targets(m[1]);
    if (idx.length === 0) return undefined;
    const down = shorter.test(c) || /less wordy/i.test(c);
    mapContents(template, idx, (content) => {
      const props = { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, down ? -1 : 1) };
      if (down && typeof props.max_sentences === 'number') props.max_sentences = Math.max(1, Math.floor(props.max_sentences * 0.6));
      if (down && props.max_sentences === undefined && content.type === 'text') props.max_sentences = props.detail_level === 'brief' ? 2 : 4;
      if (down && content.type === 'list') props.max_items = Math.max(1, Math.floor((typeof props.max_items === 'number' ? props.max_items : ITEM_BUDGET[detailOf(content.properties?.detail_level)]) * 0.6));
      if (!down) delete props.max_items;
      if (!down) delete props.max_sentences;
      return { ...content, properties: props };
    });
    return `${down ? 'shortened' : 'expanded'} ${idx.length === 1 ? template.sections[idx[0]!]!.id : 'all sections'}`;
  }
  if ((m = /^(?:shorten|condense|trim|tighten)\s+(?:up\s+)?(?:the\s+)?(.+)$/i.exec(c)) || (m = /^(?:expand|elaborate on|lengthen)\s+(?:the\s+)?(.+)$/i.exec(c))) {
    const idx = targets(m[1]);
    if (idx.length === 0) return undefined;
    const down = /^(?:shorten|condense|trim|tighten)/i.test(c);
    mapContents(template, idx, (content) => ({ ...content, properties: { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, down ? -1 : 1) } }));
    return `${down ? 'shortened' : 'expanded'} ${m[1]}`;
  }

  // Headings: bold, level.
  if (/\bbold\b/i.test(c) && /\bheadings?|titles?\b/i.test(c)) {
    const bold = !/\b(?:don't|do not|no|not|un)\b/i.test(c);
    for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.bold = bold;
    return bold ? 'headings are bold' : 'headings are not bold';
  }
  if ((m = /\b(?:level|h)\s*([1-6])\s+headings?\b|\bheadings?\s+(?:at\s+|to\s+)?(?:level|h)\s*([1-6])\b/i.exec(c))) {
    const level = Number(m[1] ?? m[2]);
    for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.level = level;
    return `headings at level ${level}`;
  }
  if (/\b(?:upper ?case|all caps|capitali[sz]e)\b.*\bheadings?\b|\bheadings?\b.*\b(?:upper ?case|all caps|capitals)\b/i.test(c)) {
    for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.text = s.properties.text.toUpperCase();
    return 'headings in upper case';
  }

  // Labels: "bold the labels", "label the vitals 'VS'".
  if (/\bbold\b/i.test(c) && /\blabels?\b/i.test(c)) {
    for (const s of walkSections(template.sections)) if (s.type !== 'heading' && s.properties?.label) s.properties = { ...s.properties, bold_label: true };
    return 'labels are bold';
  }

  // Tone: "use a formal tone", "make the instructions instructional in tone".
  if ((m = /\b(formal|technical|instructional|plain|friendly|patient[- ]friendly|conversational|clinical|professional)\b\s+(?:tone|language|style)(?:\s+(?:for|in)\s+(?:the\s+)?(.+))?/i.exec(c)) || (m = /\btone\b.*?\b(formal|technical|instructional|plain|friendly|clinical|professional)\b(?:\s+(?:for|in)\s+(?:the\s+)?(.+))?/i.exec(c))) {
    const tone = m[1]!.toLowerCase().replace(/[- ]/g, '_');
    const idx = targets(m[2]);
    if (idx.length === 0) return undefined;
    mapContents(template, idx, (content) => ({ ...content, properties: { ...content.properties, tone } }));
    return `tone ${tone}`;
  }

  // Abbreviations.
  if (/\babbreviations?\b/i.test(c)) {
    const avoid = /\b(?:don't|do not|avoid|no|without|spell out|expand)\b/i.test(c);
    addGlobal(template, avoid ? 'Spell terms out; do not use abbreviations.' : 'Use standard clinical abbreviations.');
    return avoid ? 'no abbreviations' : 'use abbreviations';
  }
  return undefined;
}

/** Applies plain-language instructions to a copy of the template. */
export function applyInstructions(input: NoteTemplate, instructions: string): RefineOutcome {
  const template = structuredClone(input);
  const applied: string[] = [];
  const notApplied: string[] = [];
  for (const clause of splitClauses(instructions)) {
    const change = applyClause(template, clause);
    if (change) applied.push(change);
    else notApplied.push(clause);
  }
  // Unparsed wishes still reach the filler through the global prompt.
  if (notApplied.length) addGlobal(template, `Also: ${notApplied.join('; ')}.`);
  return { template, applied, notApplied };
}

// ---------------------------------------------------------------- learning from an edited note

function wordSet(section: ParsedSection): Set<string> {
  return new Set(section.lines.join(' ').toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Changes the template so the next note looks like `after` rather than `before`. */
export function learnFromEdit(input: NoteTemplate, before: string, after: string): RefineOutcome {
  const template = structuredClone(input);
  const applied: string[] = [];
  const pb = parseNote(before).sections.filter((s) => s.heading);
  const pa = parseNote(after).sections.filter((s) => s.heading);
  const beforeKeys = new Set(pb.map((s) => s.key));
  const afterKeys = new Set(pa.map((s) => s.key));
  const indexOfKey = (key: string, heading?: string) => {
    const byKey = template.sections.findIndex((s) => sectionKey(s) === key);
    return byKey >= 0 || !heading ? byKey : findSection(template, heading);
  };

  // Renamed: a section only in `before` whose content reappears under a new heading.
  const removed = pb.filter((s) => !afterKeys.has(s.key));
  const added = pa.filter((s) => !beforeKeys.has(s.key));
  for (const old of [...removed]) {
    const match = added.find((n) => jaccard(wordSet(old), wordSet(n)) >= 0.4);
    if (!match) continue;
    const i = indexOfKey(old.key, old.heading);
    if (i >= 0) {
      renameSection(template, i, match.heading!);
      applied.push(`renamed section ${template.sections[i]!.id}`);
    }
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(match), 1);
    match.key = old.key;
  }
  for (const old of removed) {
    const i = indexOfKey(old.key, old.heading);
    if (i >= 0) {
      const [gone] = template.sections.splice(i, 1);
      applied.push(`removed section ${gone!.id}`);
    }
  }
  for (const section of added) {
    if (indexOfKey(section.key, section.heading) >= 0) continue;
    const shape: ContentShape = { shape: section.shape, listType: section.listType, labelled: section.labelled, detail: shiftDetail(section.words <= 15 ? 'brief' : section.words <= 80 ? 'standard' : 'detailed', 0) };
    const heading = makeHeading(section.heading!, shape, new IdPool(template), headingStyle(template), section.kind);
    // Place it after the nearest preceding `after` section the template has.
    const pos = pa.indexOf(section);
    let insertAt = 0;
    for (let j = pos - 1; j >= 0; j--) {
      const k = indexOfKey(pa[j]!.key, pa[j]!.heading);
      if (k >= 0) {
        insertAt = k + 1;
        break;
      }
    }
    template.sections.splice(insertAt, 0, heading);
    applied.push(`added section ${heading.id}`);
  }

  // Sections in both: heading wording, shape and length changes.
  for (const a of pa) {
    const b = pb.find((s) => s.key === a.key);
    const i = indexOfKey(a.key, a.heading);
    if (!b || i < 0) continue;
    const id = template.sections[i]!.id;
    if (b.heading !== a.heading && normaliseHeading(headingText(template.sections[i]!) ?? '') !== normaliseHeading(a.heading!)) {
      renameSection(template, i, a.heading!);
      applied.push(`renamed section ${id}`);
    } else if (b.heading !== a.heading && headingText(template.sections[i]!) !== a.heading) {
      renameSection(template, i, a.heading!);
      applied.push(`restyled heading ${id}`);
    }
    if (a.shape !== b.shape || (a.shape === 'list' && a.listType !== b.listType)) {
      mapContents(template, [i], (content) => setShape(content, a.shape, a.listType));
      applied.push(`made ${id} ${a.shape === 'list' ? `a ${a.listType === 'numeric' ? 'numbered' : 'bulleted'} list` : 'prose'}`);
    }
    if (b.words >= 8 && a.words <= b.words * 0.6) {
      mapContents(template, [i], (content) => ({ ...content, properties: { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, -1), ...(content.type === 'text' ? { max_sentences: Math.max(1, Math.min(a.sentences, Number(content.properties?.max_sentences ?? a.sentences))) } : {}) } }));
      applied.push(`shortened ${id}`);
    } else if (a.words >= 8 && a.words >= b.words * 1.6) {
      mapContents(template, [i], (content) => {
        const { max_sentences: _drop, ...props } = content.properties ?? {};
        return { ...content, properties: { ...props, detail_level: shiftDetail(content.properties?.detail_level, 1) } };
      });
      applied.push(`expanded ${id}`);
    }
  }

  // Order: the template's matched sections follow the order of `after`.
  const order = new Map(pa.map((s, j) => [s.key, j]));
  const slots = template.sections.map((s, j) => ({ s, j, rank: order.get(sectionKey(s)) })).filter((x) => x.rank !== undefined);
  const sorted = [...slots].sort((x, y) => x.rank! - y.rank!);
  if (sorted.some((x, j) => x !== slots[j])) {
    slots.forEach((slot, j) => (template.sections[slot.j] = sorted[j]!.s));
    applied.push('reordered sections');
  }

  const newAbbreviations = parseNote(after).abbreviations.filter((a) => !parseNote(before).abbreviations.includes(a));
  if (newAbbreviations.length) {
    addGlobal(template, `Use the clinician's abbreviations (${newAbbreviations.slice(0, 12).join(', ')}).`);
    applied.push('abbreviations');
  }
  return { template, applied, notApplied: [] };
}
