// Structural validation of a caller's NoteTemplate, shared by notes and template jobs.
// Messages name the path and the rule broken, never the offending value: a prompt or a
// result may contain patient details, and the HTTP layer returns the message in a 400.
import type { NoteTemplate, TemplateSection, TemplateSectionProperties } from '../../ports.ts';

export type TemplateValidation = { ok: true; template: NoteTemplate } | { ok: false; message: string };

/** Bounds that keep filling cheap and stop pathological templates. */
export const TEMPLATE_LIMITS = { maxSections: 200, maxTextLength: 10_000, maxHeadingLevel: 6 } as const;

class Invalid extends Error {}

const SECTION_TYPES = new Set(['heading', 'text', 'list']);
const STRING_PROPS = ['detail_level', 'tone', 'formatting_style', 'label', 'list_type'] as const;
const BOOLEAN_PROPS = ['bold_label', 'hideIfEmpty'] as const;
const COUNT_PROPS = ['max_sentences', 'min_sentences', 'min_items', 'max_items'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(path: string, problem: string): never {
  throw new Invalid(`${path} ${problem}`);
}

function checkText(value: unknown, path: string, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string') fail(path, required ? 'is required and must be a string' : 'must be a string');
  if (required && value.trim() === '') fail(path, 'must not be empty');
  if (value.length > TEMPLATE_LIMITS.maxTextLength) fail(path, `must be at most ${TEMPLATE_LIMITS.maxTextLength} characters`);
  return value;
}

function checkProperties(value: unknown, path: string): TemplateSectionProperties | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) fail(path, 'must be an object');
  const props: TemplateSectionProperties = { ...value };
  for (const key of STRING_PROPS) checkText(value[key], `${path}.${key}`, false);
  for (const key of BOOLEAN_PROPS) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') fail(`${path}.${key}`, 'must be a boolean');
  }
  for (const key of COUNT_PROPS) {
    const n = value[key];
    if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 1000)) {
      fail(`${path}.${key}`, 'must be an integer between 0 and 1000');
    }
  }
  const pairs: [number | undefined, number | undefined, string][] = [
    [props.min_sentences, props.max_sentences, 'min_sentences must not exceed max_sentences'],
    [props.min_items, props.max_items, 'min_items must not exceed max_items'],
  ];
  for (const [min, max, message] of pairs) {
    if (min !== undefined && max !== undefined && min > max) fail(path, message);
  }
  return props;
}

interface Walk {
  ids: Set<string>;
  count: number;
}

function checkSection(value: unknown, path: string, walk: Walk, insideHeading: boolean): TemplateSection {
  if (!isObject(value)) fail(path, 'must be an object');
  if (++walk.count > TEMPLATE_LIMITS.maxSections) fail('sections', `must hold at most ${TEMPLATE_LIMITS.maxSections} sections in all`);
  const type = value.type;
  if (typeof type !== 'string' || !SECTION_TYPES.has(type)) fail(`${path}.type`, 'must be one of heading, text, list');
  const id = checkText(value.id, `${path}.id`, true)!;
  if (walk.ids.has(id)) fail(`${path}.id`, 'duplicates the id of an earlier section; ids must be unique');
  walk.ids.add(id);

  if (type === 'heading') {
    if (insideHeading) fail(path, 'is a heading inside a heading; headings may only hold text and list sections');
    if (!isObject(value.properties)) fail(`${path}.properties`, 'is required on a heading and must be an object');
    const props = value.properties;
    checkText(props.text, `${path}.properties.text`, true);
    const level = props.level;
    if (level !== undefined && !(Number.isInteger(level) && (level as number) >= 1 && (level as number) <= TEMPLATE_LIMITS.maxHeadingLevel)) {
      fail(`${path}.properties.level`, `must be an integer from 1 to ${TEMPLATE_LIMITS.maxHeadingLevel}`);
    }
    if (props.bold !== undefined && typeof props.bold !== 'boolean') fail(`${path}.properties.bold`, 'must be a boolean');
    const rawChildren = value.children ?? [];
    if (!Array.isArray(rawChildren)) fail(`${path}.children`, 'must be an array');
    const children = rawChildren.map((child, i) => checkSection(child, `${path}.children[${i}]`, walk, true));
    return { ...value, id, type: 'heading', properties: { ...props, text: props.text as string }, children };
  }

  if ('children' in value && value.children !== undefined) fail(`${path}.children`, `is not allowed on a ${type} section`);
  const prompt = checkText(value.prompt, `${path}.prompt`, true)!;
  const properties = checkProperties(value.properties, `${path}.properties`);
  const result = value.result;
  if (type === 'text') {
    if (result !== undefined && typeof result !== 'string') fail(`${path}.result`, 'must be a string on a text section');
    const section: TemplateSection = { ...value, id, type: 'text', prompt };
    if (properties) section.properties = properties;
    return section;
  }
  if (result !== undefined && !(Array.isArray(result) && result.every((r) => typeof r === 'string'))) {
    fail(`${path}.result`, 'must be an array of strings on a list section');
  }
  const section: TemplateSection = { ...value, id, type: 'list', prompt };
  if (properties) section.properties = properties;
  return section;
}

/** Checks a NoteTemplate and returns a normalised copy (`globalPrompt` → `global_prompt`). */
export function validateTemplate(value: unknown): TemplateValidation {
  try {
    if (!isObject(value)) fail('template', 'must be an object');
    const id = checkText(value.id, 'template.id', false) ?? 'template';
    const title = checkText(value.title, 'template.title', false) ?? 'Note';
    if (value.global_prompt !== undefined && value.globalPrompt !== undefined && value.global_prompt !== value.globalPrompt) {
      fail('template', 'has both global_prompt and globalPrompt with different values; send one');
    }
    const globalPrompt = checkText(value.global_prompt ?? value.globalPrompt, 'template.global_prompt', false);
    if (!Array.isArray(value.sections)) fail('template.sections', 'is required and must be an array');
    if (value.sections.length === 0) fail('template.sections', 'must hold at least one section');
    const walk: Walk = { ids: new Set(), count: 0 };
    const sections = value.sections.map((s, i) => checkSection(s, `template.sections[${i}]`, walk, false));
    const { globalPrompt: _alias, ...rest } = value;
    const template: NoteTemplate = { ...rest, id, title, sections };
    if (globalPrompt !== undefined) template.global_prompt = globalPrompt;
    else delete template.global_prompt;
    return { ok: true, template };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, message: error.message };
    throw error;
  }
}
