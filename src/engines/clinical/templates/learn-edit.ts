// Learning from a clinician's edit of a note (before → after): the template changes so the next note looks like `after`.
import type { NoteTemplate } from '../../ports.ts';
import { IdPool, makeHeading, shiftDetail, type ContentShape } from './build.ts';
import { normaliseHeading } from './catalog.ts';
import { parseNote, type ParsedSection } from './note-parse.ts';
import { addGlobal, findSection, headingStyle, headingText, mapContents, renameSection, sectionKey, setShape } from './refine-edit.ts';

export interface RefineOutcome {
  template: NoteTemplate;
  /** What was changed, one short phrase each. */
  applied: string[];
  /** Clauses not understood; they are kept in the global prompt for the filler. */
  notApplied: string[];
}

function wordSet(section: ParsedSection): Set<string> {
  return new Set(section.lines.join(' ').toLowerCase().match(/[a-z0-9]+/g) ?? []);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Edit {
  template: NoteTemplate;
  applied: string[];
  before: ParsedSection[];
  after: ParsedSection[];
  /** The template section for a parsed section's key (or heading), or -1. */
  indexOf(key: string, heading?: string): number;
}

/** Renamed: a section only in `before` whose content reappears under a new heading; the rest of those are removed. */
function renamesAndRemovals(e: Edit): ParsedSection[] {
  const afterKeys = new Set(e.after.map((s) => s.key));
  const beforeKeys = new Set(e.before.map((s) => s.key));
  const removed = e.before.filter((s) => !afterKeys.has(s.key));
  const added = e.after.filter((s) => !beforeKeys.has(s.key));
  for (const old of [...removed]) {
    const match = added.find((n) => jaccard(wordSet(old), wordSet(n)) >= 0.4);
    if (!match) continue;
    const i = e.indexOf(old.key, old.heading);
    if (i >= 0) {
      renameSection(e.template, i, match.heading!);
      e.applied.push(`renamed section ${e.template.sections[i]!.id}`);
    }
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(match), 1);
    match.key = old.key;
  }
  for (const old of removed) {
    const i = e.indexOf(old.key, old.heading);
    if (i < 0) continue;
    const [gone] = e.template.sections.splice(i, 1);
    e.applied.push(`removed section ${gone!.id}`);
  }
  return added;
}

/** New sections go after the nearest preceding `after` section the template has. */
function additions(e: Edit, added: ParsedSection[]): void {
  for (const section of added) {
    if (e.indexOf(section.key, section.heading) >= 0) continue;
    const shape: ContentShape = { shape: section.shape, listType: section.listType, labelled: section.labelled, detail: shiftDetail(section.words <= 15 ? 'brief' : section.words <= 80 ? 'standard' : 'detailed', 0) };
    const heading = makeHeading(section.heading!, shape, new IdPool(e.template), headingStyle(e.template), section.kind);
    const pos = e.after.indexOf(section);
    let insertAt = 0;
    for (let j = pos - 1; j >= 0; j--) {
      const k = e.indexOf(e.after[j]!.key, e.after[j]!.heading);
      if (k >= 0) { insertAt = k + 1; break; }
    }
    e.template.sections.splice(insertAt, 0, heading);
    e.applied.push(`added section ${heading.id}`);
  }
}

/** Sections in both: heading wording, shape and length changes. */
function changesInBoth(e: Edit): void {
  for (const a of e.after) {
    const b = e.before.find((s) => s.key === a.key);
    const i = e.indexOf(a.key, a.heading);
    if (!b || i < 0) continue;
    const id = e.template.sections[i]!.id;
    const current = headingText(e.template.sections[i]!);
    if (b.heading !== a.heading && normaliseHeading(current ?? '') !== normaliseHeading(a.heading!)) {
      renameSection(e.template, i, a.heading!);
      e.applied.push(`renamed section ${id}`);
    } else if (b.heading !== a.heading && current !== a.heading) {
      renameSection(e.template, i, a.heading!);
      e.applied.push(`restyled heading ${id}`);
    }
    if (a.shape !== b.shape || (a.shape === 'list' && a.listType !== b.listType)) {
      mapContents(e.template, [i], (content) => setShape(content, a.shape, a.listType));
      e.applied.push(`made ${id} ${a.shape === 'list' ? `a ${a.listType === 'numeric' ? 'numbered' : 'bulleted'} list` : 'prose'}`);
    }
    lengthChange(e, i, id, a, b);
  }
}

function lengthChange(e: Edit, i: number, id: string, a: ParsedSection, b: ParsedSection): void {
  if (b.words >= 8 && a.words <= b.words * 0.6) {
    mapContents(e.template, [i], (content) => ({ ...content, properties: { ...content.properties, detail_level: shiftDetail(content.properties?.detail_level, -1), ...(content.type === 'text' ? { max_sentences: Math.max(1, Math.min(a.sentences, Number(content.properties?.max_sentences ?? a.sentences))) } : {}) } }));
    e.applied.push(`shortened ${id}`);
  } else if (a.words >= 8 && a.words >= b.words * 1.6) {
    mapContents(e.template, [i], (content) => {
      const { max_sentences: _drop, ...props } = content.properties ?? {};
      return { ...content, properties: { ...props, detail_level: shiftDetail(content.properties?.detail_level, 1) } };
    });
    e.applied.push(`expanded ${id}`);
  }
}

/** The template's matched sections follow the order of `after`. */
function order(e: Edit): void {
  const rank = new Map(e.after.map((s, j) => [s.key, j]));
  const slots = e.template.sections.map((s, j) => ({ s, j, rank: rank.get(sectionKey(s)) })).filter((x) => x.rank !== undefined);
  const sorted = [...slots].sort((x, y) => x.rank! - y.rank!);
  if (!sorted.some((x, j) => x !== slots[j])) return;
  slots.forEach((slot, j) => (e.template.sections[slot.j] = sorted[j]!.s));
  e.applied.push('reordered sections');
}

/** Changes the template so the next note looks like `after` rather than `before`. */
export function learnFromEdit(input: NoteTemplate, before: string, after: string): RefineOutcome {
  const template = structuredClone(input);
  const e: Edit = {
    template,
    applied: [],
    before: parseNote(before).sections.filter((s) => s.heading),
    after: parseNote(after).sections.filter((s) => s.heading),
    indexOf(key, heading) {
      const byKey = template.sections.findIndex((s) => sectionKey(s) === key);
      return byKey >= 0 || !heading ? byKey : findSection(template, heading);
    },
  };
  additions(e, renamesAndRemovals(e));
  changesInBoth(e);
  order(e);
  const newAbbreviations = parseNote(after).abbreviations.filter((a) => !parseNote(before).abbreviations.includes(a));
  if (newAbbreviations.length) {
    addGlobal(template, `Use the clinician's abbreviations (${newAbbreviations.slice(0, 12).join(', ')}).`);
    e.applied.push('abbreviations');
  }
  return { template, applied: e.applied, notApplied: [] };
}
