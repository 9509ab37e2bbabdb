// Refinement rules that change which sections a template has and where: rename, move, add, merge, hide, remove.
import type { NoteTemplate } from '../../ports.ts';
import { classifyHeading } from './catalog.ts';
import { defaultShape, IdPool, makeHeading, titleCase, walkSections, type ContentShape } from './build.ts';
import { cleanTarget, contents, findSection, headingStyle, headingsUpperCase, headingText, newHeading, renameSection } from './refine-edit.ts';

/** A rule reads one clause: null when the clause is not its kind, else the change made (undefined when it could not apply). */
export type ClauseRule = (template: NoteTemplate, clause: string) => string | undefined | null;

const RENAME = [
  /^(?:rename|retitle|relabel)\s+(?:the\s+)?(.+?)\s+(?:section\s+|heading\s+)?(?:to|as|into)\s+(.+)$/i,
  /^change\s+(?:the\s+)?(?:name|title|heading)\s+of\s+(?:the\s+)?(.+?)\s+to\s+(.+)$/i,
  /^change\s+(?:the\s+)?(.+?)\s+(?:heading|title|name)\s+to\s+(.+)$/i,
  /^call\s+(?:the\s+)?(.+?)\s+(?:section|heading)\s+(.+)$/i,
];

/** "rename HPI to History", "call the plan section 'Recommendations'". */
const rename: ClauseRule = (template, c) => {
  const m = RENAME.map((re) => re.exec(c)).find(Boolean);
  if (!m) return null;
  const i = findSection(template, m[1]!);
  if (i < 0) return undefined;
  const name = m[2]!.trim().replace(/^["'“]|["'”]$/g, '').replace(/\s+(?:section|heading)$/i, '');
  renameSection(template, i, name);
  return `renamed section ${template.sections[i]!.id}`;
};

const MOVE = /^(?:move|put|place)\s+(?:the\s+)?(.+?)\s+(?:section\s+)?(?:right\s+|just\s+|directly\s+|immediately\s+)?(after|before|below|above|under|to the top|to the end|to the bottom|at the top|at the end|at the bottom|first|last)\s*(.*)$/i;

/** "move family history after social history", "put the plan at the top". */
const move: ClauseRule = (template, c) => {
  const m = MOVE.exec(c);
  if (!m) return null;
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
};

const ADD = /^(?:add|include|insert|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:(?:section|heading|part)\s+(?:for|on|about|called|named|titled|with|covering)\s+)?(.+?)(?:\s+(?:section|heading))?(?:\s+(?:as|in)\s+(?:a\s+)?(numbered|bulleted)?\s*(list|prose))?(?:\s+(?:right\s+|just\s+|directly\s+|immediately\s+)?(after|before|below|above|under)\s+(?:the\s+)?(.+?)|\s+(?:at|to)\s+the\s+(top|end|bottom|beginning|start))?$/i;

/** "add a section for family history after social history". */
const add: ClauseRule = (template, c) => {
  const m = ADD.exec(c);
  if (!m) return null;
  const phrase = cleanTarget(m[1]!);
  if (!phrase || (findSection(template, phrase) >= 0 && classifyHeading(phrase))) {
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
};

const MERGE = /^(?:merge|combine|join)\s+(?:the\s+)?(.+?)\s+(?:and|with)\s+(?:the\s+)?(.+?)(?:\s+(?:sections?|headings?))?(?:\s+(?:into|in|as)\s+(?:one|a single|a combined|one combined)\s+(?:section|heading))?$/i;

/** "merge assessment and plan into one section". */
const merge: ClauseRule = (template, c) => {
  const m = MERGE.exec(c);
  if (!m) return null;
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
  const shape = contents(one)[0]?.type === 'list' || contents(two)[0]?.type === 'list' ? 'list' : 'text';
  const merged = makeHeading(text, { ...defaultShape(kind), shape }, new IdPool(template), headingStyle(template), kind?.kind);
  template.sections.splice(second, 1);
  template.sections.splice(first, 1, merged);
  return `merged into section ${merged.id}`;
};

/** "hide empty sections" (before removal, whose verbs overlap). */
const hideEmpty: ClauseRule = (template, c) => {
  if (!/\b(?:hide|omit|skip|remove|drop|leave out)\b.*\b(?:empty|blank)\b|\bsections?\b.*\b(?:when|if|that are)\s+(?:empty|blank)/i.test(c)) return null;
  for (const s of walkSections(template.sections)) if (s.type !== 'heading') s.properties = { ...s.properties, hideIfEmpty: true };
  return 'empty sections are hidden';
};

const REMOVE = /^(?:remove|drop|delete|omit|exclude|get rid of|take out|leave out|skip|no|don't include|do not include|no longer include)\s+(?:the\s+)?(.+)$/i;

/** "drop the review of systems", "no ROS", "don't include family history". */
const remove: ClauseRule = (template, c) => {
  const m = REMOVE.exec(c);
  if (!m) return null;
  // "the ROS and the exam": several sections, unless the phrase names one ("assessment and plan").
  const split = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+or\s+/i).filter(Boolean);
  const each = split.map((p) => findSection(template, p));
  const several = split.length > 1 && each.every((i) => i >= 0) && new Set(each).size === each.length;
  const indices = several ? each : [findSection(template, m[1]!)];
  if (indices.length === 0 || indices.some((i) => i < 0)) return undefined;
  const removed = [...new Set(indices)].sort((a, b) => b - a).map((i) => template.sections.splice(i, 1)[0]!.id);
  return `removed ${removed.length === 1 ? 'section' : 'sections'} ${removed.reverse().join(', ')}`;
};

export const STRUCTURE_RULES: ClauseRule[] = [rename, move, add, merge, hideEmpty, remove];
