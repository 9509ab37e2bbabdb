// Refinement rules for how headings, labels and wording look: bold, level, capitals, tone, abbreviations.
import { walkSections } from './build.ts';
import { addGlobal, mapContents, targets } from './refine-edit.ts';
import type { ClauseRule } from './refine-structure.ts';

const boldHeadings: ClauseRule = (template, c) => {
  if (!(/\bbold\b/i.test(c) && /\bheadings?|titles?\b/i.test(c))) return null;
  const bold = !/\b(?:don't|do not|no|not|un)\b/i.test(c);
  for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.bold = bold;
  return bold ? 'headings are bold' : 'headings are not bold';
};

const headingLevel: ClauseRule = (template, c) => {
  const m = /\b(?:level|h)\s*([1-6])\s+headings?\b|\bheadings?\s+(?:at\s+|to\s+)?(?:level|h)\s*([1-6])\b/i.exec(c);
  if (!m) return null;
  const level = Number(m[1] ?? m[2]);
  for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.level = level;
  return `headings at level ${level}`;
};

const upperCaseHeadings: ClauseRule = (template, c) => {
  if (!/\b(?:upper ?case|all caps|capitali[sz]e)\b.*\bheadings?\b|\bheadings?\b.*\b(?:upper ?case|all caps|capitals)\b/i.test(c)) return null;
  for (const s of walkSections(template.sections)) if (s.type === 'heading') s.properties.text = s.properties.text.toUpperCase();
  return 'headings in upper case';
};

/** "bold the labels". */
const boldLabels: ClauseRule = (template, c) => {
  if (!(/\bbold\b/i.test(c) && /\blabels?\b/i.test(c))) return null;
  for (const s of walkSections(template.sections)) if (s.type !== 'heading' && s.properties?.label) s.properties = { ...s.properties, bold_label: true };
  return 'labels are bold';
};

const TONE = [
  /\b(formal|technical|instructional|plain|friendly|patient[- ]friendly|conversational|clinical|professional)\b\s+(?:tone|language|style)(?:\s+(?:for|in)\s+(?:the\s+)?(.+))?/i,
  /\btone\b.*?\b(formal|technical|instructional|plain|friendly|clinical|professional)\b(?:\s+(?:for|in)\s+(?:the\s+)?(.+))?/i,
];

/** "use a formal tone", "make the instructions instructional in tone". */
const tone: ClauseRule = (template, c) => {
  const m = TONE.map((re) => re.exec(c)).find(Boolean);
  if (!m) return null;
  const value = m[1]!.toLowerCase().replace(/[- ]/g, '_');
  const idx = targets(template, m[2]);
  if (idx.length === 0) return undefined;
  mapContents(template, idx, (content) => ({ ...content, properties: { ...content.properties, tone: value } }));
  return `tone ${value}`;
};

const abbreviations: ClauseRule = (template, c) => {
  if (!/\babbreviations?\b/i.test(c)) return null;
  const avoid = /\b(?:don't|do not|avoid|no|without|spell out|expand)\b/i.test(c);
  addGlobal(template, avoid ? 'Spell terms out; do not use abbreviations.' : 'Use standard clinical abbreviations.');
  return avoid ? 'no abbreviations' : 'use abbreviations';
};

export const STYLE_RULES: ClauseRule[] = [boldHeadings, headingLevel, upperCaseHeadings, boldLabels, tone, abbreviations];
