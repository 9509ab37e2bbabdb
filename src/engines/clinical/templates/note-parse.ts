// Reads a provider's note into sections: heading, body lines, and the shape of the body
// (prose or list, numbered or bulleted, "Label: value" items, length). Generation,
// note styles and note comparison all learn from this outline.
import { classifyHeading, normaliseHeading } from './catalog.ts';

export interface ParsedSection {
  /** The heading as written, without markers ("#", "**", ":"); undefined for a preamble. */
  heading?: string;
  /** Section kind from the catalogue, or undefined for a heading it does not know. */
  kind?: string;
  /** Key used to align the same section across notes: kind, else normalised heading. */
  key: string;
  level: number;
  bold: boolean;
  upperCase: boolean;
  lines: string[];
  shape: 'text' | 'list';
  listType?: 'numeric' | 'bullet';
  /** Share of body lines written as "Label: value". */
  labelled: boolean;
  words: number;
  sentences: number;
}

export interface ParsedNote {
  sections: ParsedSection[];
  abbreviations: string[];
}

const BULLET = /^\s*(?:[•\-*·–▪◦]|\u2022)\s+/;
const NUMBERED = /^\s*\d{1,2}[.)]\s+/;
const LABEL_LINE = /^\s*(?:[•\-*·–]\s+)?([A-Za-z][A-Za-z /&()-]{1,40}):\s+\S/;

interface HeadingHit {
  text: string;
  level: number;
  bold: boolean;
  upperCase: boolean;
  /** Content written on the heading's own line ("HPI: Pain for two weeks."). */
  rest?: string;
}

function isUpperCaseHeading(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length < 2 || letters !== letters.toUpperCase()) return false;
  return text.split(/\s+/).length <= 8 && text.length <= 60 && !/[.?!]$/.test(text);
}

const INLINE_HEADING = /^([A-Za-z][A-Za-z /&-]{0,40}):\s+(.+)$/;
// Sections whose bodies list labelled findings ("Neck: supple.", "Labs: …").
const FINDINGS = new Set(['exam', 'results', 'ros', 'vitals']);

/**
 * Recognises a heading line; headings in notes take several conventional forms. `within` is
 * the kind of the section the line stands in.
 */
export function detectHeading(line: string, within?: string): HeadingHit | undefined {
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > 80) {
    // "History: <a long paragraph>" — a known heading with its content on the same line,
    // unless it is a labelled finding inside a section of findings ("Labs: …" under RESULTS).
    const inline = INLINE_HEADING.exec(trimmed);
    const kind = inline && classifyHeading(inline[1]!)?.kind;
    if (!kind || kind === within || FINDINGS.has(within ?? '') || inline[1]!.trim().split(/\s+/).length > 4) return undefined;
    return { text: inline[1]!.trim(), level: 1, bold: false, upperCase: isUpperCaseHeading(inline[1]!), rest: inline[2]!.trim() };
  }
  const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(trimmed);
  if (md) {
    const inner = md[2]!.replace(/^\*\*(.+)\*\*$/, '$1').replace(/:$/, '').trim();
    return { text: inner, level: md[1]!.length, bold: /^\*\*.+\*\*$/.test(md[2]!), upperCase: isUpperCaseHeading(inner) };
  }
  const bold = /^(?:\*\*|__)(.+?)(?:\*\*|__)\s*:?\s*(.*)$/.exec(trimmed);
  if (bold && bold[1]!.split(/\s+/).length <= 8) {
    const text = bold[1]!.replace(/:$/, '').trim();
    const rest = bold[2]!.trim();
    if (!rest || classifyHeading(text)) return { text, level: 1, bold: true, upperCase: isUpperCaseHeading(text), rest: rest || undefined };
  }
  const bare = trimmed.replace(/:$/, '').trim();
  if (isUpperCaseHeading(bare) && !BULLET.test(trimmed) && !NUMBERED.test(trimmed)) {
    return { text: bare, level: 1, bold: false, upperCase: true };
  }
  if (trimmed.endsWith(':') && bare.split(/\s+/).length <= 6 && classifyHeading(bare)) {
    return { text: bare, level: 1, bold: false, upperCase: false };
  }
  // "Chief complaint: knee pain." — a known heading with its content on the same line.
  const inline = INLINE_HEADING.exec(trimmed);
  if (inline && classifyHeading(inline[1]!)) {
    return { text: inline[1]!.trim(), level: 1, bold: false, upperCase: isUpperCaseHeading(inline[1]!), rest: inline[2]!.trim() };
  }
  return undefined;
}

function countSentences(text: string): number {
  const parts = text.split(/(?<=[.?!])\s+/).filter((p) => /[A-Za-z0-9]/.test(p));
  return parts.length;
}

function describeBody(lines: string[]): Pick<ParsedSection, 'shape' | 'listType' | 'labelled' | 'words' | 'sentences'> {
  const body = lines.filter((l) => l.trim());
  const numbered = body.filter((l) => NUMBERED.test(l)).length;
  const bulleted = body.filter((l) => BULLET.test(l)).length;
  const labelled = body.filter((l) => LABEL_LINE.test(l)).length;
  const itemLines = body.filter((l) => NUMBERED.test(l) || BULLET.test(l) || LABEL_LINE.test(l)).length;
  const text = body.join(' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  // One bulleted or numbered line is a list of one; one "Label: value" line is not.
  const marked = body.filter((l) => NUMBERED.test(l) || BULLET.test(l)).length;
  const isList = (body.length >= 2 && itemLines / body.length >= 0.5) || (body.length === 1 && marked === 1);
  const result: Pick<ParsedSection, 'shape' | 'listType' | 'labelled' | 'words' | 'sentences'> = {
    shape: isList ? 'list' : 'text',
    labelled: body.length > 0 && labelled / body.length >= 0.5,
    words,
    sentences: countSentences(text),
  };
  if (isList) result.listType = numbered > bulleted ? 'numeric' : 'bullet';
  return result;
}

const NOT_ABBREVIATIONS = new Set(['I', 'A', 'AM', 'PM', 'OK', 'II', 'III', 'IV']);

function findAbbreviations(lines: string[]): string[] {
  const found = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(/\b([A-Z][A-Za-z0-9]?[A-Z0-9/]{0,4}[A-Z0-9])\b/g)) {
      const token = m[1]!;
      if (token.length < 2 || token.length > 6 || NOT_ABBREVIATIONS.has(token)) continue;
      if (!/[A-Z].*[A-Z0-9]/.test(token) || token === token.toLowerCase()) continue;
      // Skip words of an upper-case sentence: only count tokens whose line is mostly lower case.
      const letters = line.replace(/[^A-Za-z]/g, '');
      const upperShare = letters.replace(/[^A-Z]/g, '').length / Math.max(1, letters.length);
      if (upperShare > 0.6) continue;
      found.add(token);
    }
  }
  return [...found].sort();
}

export function keyFor(heading: string): string {
  const kind = classifyHeading(heading);
  return kind ? kind.kind : `custom:${normaliseHeading(heading)}`;
}

/** Splits a note into its sections. A note with no headings is one untitled section. */
export function parseNote(note: string): ParsedNote {
  const sections: ParsedSection[] = [];
  let current: { hit?: HeadingHit; lines: string[] } = { lines: [] };
  const flush = () => {
    const body = current.lines.filter((l) => l.trim());
    if (!current.hit && body.length === 0) return;
    const hit = current.hit;
    const section: ParsedSection = {
      key: hit ? keyFor(hit.text) : 'preamble',
      level: hit?.level ?? 1,
      bold: hit?.bold ?? false,
      upperCase: hit?.upperCase ?? false,
      lines: body,
      ...describeBody(body),
    };
    if (hit) {
      section.heading = hit.text;
      const kind = classifyHeading(hit.text);
      if (kind) section.kind = kind.kind;
    }
    sections.push(section);
  };
  const bodyLines: string[] = [];
  for (const raw of note.replace(/\r\n?/g, '\n').split('\n')) {
    const hit = detectHeading(raw, current.hit && classifyHeading(current.hit.text)?.kind);
    if (hit) {
      flush();
      current = { hit, lines: hit.rest ? [hit.rest] : [] };
    } else {
      current.lines.push(raw);
      bodyLines.push(raw);
    }
  }
  flush();
  return { sections, abbreviations: findAbbreviations(bodyLines) };
}

/** Headings of a note in order (what the bench compares templates against). */
export function noteHeadings(note: string): string[] {
  return parseNote(note).sections.filter((s) => s.heading).map((s) => s.heading!);
}
