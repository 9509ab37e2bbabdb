// Refinement rules that change how sections are written: list or prose, length limits, more or less detail.
import { asksLonger, asksShorter, LONGER_WORDS, SHORTER_WORDS } from '../language/index.ts';
import { detailOf, ITEM_BUDGET, shiftDetail } from './build.ts';
import { mapContents, named, setShape, targets, toNumber, type Content } from './refine-edit.ts';
import type { ClauseRule } from './refine-structure.ts';

type ListType = 'numeric' | 'bullet';
const describe = (shape: 'text' | 'list', listType: ListType): string => (shape === 'text' ? 'prose' : `a ${listType === 'numeric' ? 'numbered' : 'bulleted'} list`);

/** Each pattern: the section phrase, then what it says about shape; `read` turns the match into shape and list type. */
const SHAPES: { re: RegExp; phrase: number; read: (m: RegExpExecArray) => { shape: 'text' | 'list'; listType: ListType }; byId: boolean }[] = [
  // "put the plan as a numbered list", "write the HPI as prose".
  {
    re: /^(?:put|make|format|present|write|turn|show|list|change|convert|have)\s+(?:the\s+)?(.+?)\s+(?:as|into|in|to|to be)\s+(?:a\s+|an\s+)?(numbered|numeric|ordered|bulleted|bullet(?:ed)?|bullet[- ]point(?:ed)?)?\s*(list|bullets|bullet points|points|prose|paragraphs?|narrative|sentences|text)\b/i,
    phrase: 1, byId: true,
    read: (m) => ({ shape: /prose|paragraph|narrative|sentences|text/i.test(m[3]!) ? 'text' : 'list', listType: m[2] && /number|numeric|ordered/i.test(m[2]) ? 'numeric' : 'bullet' }),
  },
  // "the plan should be a numbered list".
  {
    re: /^(?:the\s+)?(.+?)\s+(?:should|must|needs? to|has to|could)\s+be\s+(?:in\s+)?(?:a\s+)?(numbered|bulleted|bullet(?:ed)?|ordered)?\s*(list|bullets|bullet points|prose|paragraphs?|narrative)$/i,
    phrase: 1, byId: false,
    read: (m) => ({ shape: /prose|paragraph|narrative/i.test(m[3]!) ? 'text' : 'list', listType: m[2] && /number|ordered/i.test(m[2]) ? 'numeric' : 'bullet' }),
  },
  // "I'd like the plan numbered".
  {
    re: /^(?:i'd like|i would like|i want|make|have|keep)\s+(?:the\s+)?(.+?)\s+(numbered|bulleted|in bullets|as bullets|bullet[- ]pointed)$/i,
    phrase: 1, byId: false,
    read: (m) => ({ shape: 'list', listType: /number/i.test(m[2]!) ? 'numeric' : 'bullet' }),
  },
  // "use numbered lists for the plan".
  {
    re: /^(?:use\s+)?(numbered|bulleted|bullet)\s+(?:lists?|points)\s+(?:for|in)\s+(?:the\s+)?(.+)$/i,
    phrase: 2, byId: false,
    read: (m) => ({ shape: 'list', listType: /number/i.test(m[1]!) ? 'numeric' : 'bullet' }),
  },
];

const shapeRules: ClauseRule[] = SHAPES.map(({ re, phrase, read, byId }) => (template, c) => {
  const m = re.exec(c);
  if (!m) return null;
  const idx = targets(template, m[phrase]);
  if (idx.length === 0) return undefined;
  const { shape, listType } = read(m);
  mapContents(template, idx, (content) => setShape(content, shape, listType));
  return `made ${byId ? named(template, idx) : m[phrase]} ${describe(shape, listType)}`;
});

const COUNT = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten)';
const UNIT = '(sentences?|items?|bullets?|points?|lines?)';
const LIMITS = [
  new RegExp(`^(?:limit|keep|restrict|cap)\\s+(?:the\\s+)?(.+?)\\s+to\\s+(?:at most\\s+|no more than\\s+)?${COUNT}\\s+${UNIT}$`, 'i'),
  new RegExp(`^(?:write\\s+|keep\\s+)?(?:the\\s+)?(.+?)\\s+(?:in|with|to)\\s+(?:at most|no more than|max(?:imum)?(?: of)?|up to)\\s+${COUNT}\\s+${UNIT}$`, 'i'),
];
// "under 3 sentences" is strict: at most 2.
const STRICT_LIMIT = new RegExp(`^(?:write\\s+|keep\\s+)?(?:the\\s+)?(.+?)\\s+(?:under|below|fewer than|less than)\\s+${COUNT}\\s+${UNIT}$`, 'i');

function limited(content: Content, n: number, sentences: boolean): Content {
  // "at most 4 items" asks for a list.
  const c = !sentences && content.type === 'text' ? setShape(content, 'list', 'bullet') : content;
  const props = { ...c.properties };
  if (sentences && c.type === 'text') props.max_sentences = n;
  else if (c.type === 'list') props.max_items = n;
  else props.max_sentences = n;
  if (props.min_sentences !== undefined && props.max_sentences !== undefined && props.min_sentences > props.max_sentences) props.min_sentences = props.max_sentences;
  if (props.min_items !== undefined && props.max_items !== undefined && props.min_items > props.max_items) props.min_items = props.max_items;
  return { ...c, properties: props };
}

/** "limit the assessment to 3 sentences", "plan in at most five items", "HPI under 4 sentences". */
const limit: ClauseRule = (template, c) => {
  const loose = LIMITS.map((re) => re.exec(c)).find(Boolean);
  const strict = loose ? undefined : STRICT_LIMIT.exec(c);
  const m = loose ?? strict;
  if (!m) return null;
  const n = strict ? Math.max(1, toNumber(m[2]!) - 1) : toNumber(m[2]!);
  const idx = targets(template, m[1]);
  if (idx.length === 0 || !Number.isFinite(n)) return undefined;
  const sentences = /sentence|line/i.test(m[3]!);
  mapContents(template, idx, (content) => limited(content, n, sentences));
  return `limited length of ${named(template, idx)} to ${n}`;
};

const MAKE_DETAIL = new RegExp(`^(?:make|keep|write|have)\\s+(?:the\\s+)?(.+?)\\s+(?:section\\s+)?(?:much\\s+|a bit\\s+|a little\\s+|slightly\\s+)?(?:more\\s+|less\\s+wordy|shorter|longer)?\\s*(${SHORTER_WORDS}|${LONGER_WORDS}|wordy)?$`, 'i');

function detailed(content: Content, down: boolean): Content {
  const props = { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, down ? -1 : 1) };
  if (down && typeof props.max_sentences === 'number') props.max_sentences = Math.max(1, Math.floor(props.max_sentences * 0.6));
  if (down && props.max_sentences === undefined && content.type === 'text') props.max_sentences = props.detail_level === 'brief' ? 2 : 4;
  if (down && content.type === 'list') props.max_items = Math.max(1, Math.floor((typeof props.max_items === 'number' ? props.max_items : ITEM_BUDGET[detailOf(content.properties?.detail_level)]) * 0.6));
  if (!down) delete props.max_items;
  if (!down) delete props.max_sentences;
  return { ...content, properties: props };
}

/** "make the assessment more concise", "make the HPI more detailed". */
const detail: ClauseRule = (template, c) => {
  const m = MAKE_DETAIL.exec(c);
  if (!m || !(asksShorter(c) || asksLonger(c))) return null;
  const idx = targets(template, m[1]);
  if (idx.length === 0) return undefined;
  const down = asksShorter(c);
  mapContents(template, idx, (content) => detailed(content, down));
  return `${down ? 'shortened' : 'expanded'} ${named(template, idx)}`;
};

/** "shorten the HPI", "expand the plan". */
const detailVerb: ClauseRule = (template, c) => {
  const m = /^(?:shorten|condense|trim|tighten)\s+(?:up\s+)?(?:the\s+)?(.+)$/i.exec(c) ?? /^(?:expand|elaborate on|lengthen)\s+(?:the\s+)?(.+)$/i.exec(c);
  if (!m) return null;
  const idx = targets(template, m[1]);
  if (idx.length === 0) return undefined;
  const down = /^(?:shorten|condense|trim|tighten)/i.test(c);
  mapContents(template, idx, (content) => ({ ...content, properties: { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, down ? -1 : 1) } }));
  return `${down ? 'shortened' : 'expanded'} ${m[1]}`;
};

export const SHAPE_RULES = shapeRules;
export const LENGTH_RULES: ClauseRule[] = [limit, detail, detailVerb];
