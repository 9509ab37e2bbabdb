// Splits a note's markdown into titled sections and renders each as FHIR narrative XHTML.
import { escape } from '../html-escape.ts';

export interface MarkdownSection {
  title: string;
  body: string;
}

const HASH_HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
/** A line alone in capitals ("ASSESSMENT AND PLAN"), or bold alone ("**Plan**"). */
const CAPS_HEADING = /^[A-Z][A-Z0-9 &/,()'-]{1,60}:?$/;
const BOLD_HEADING = /^\*\*([^*]{1,60}?):?\*\*:?$/;
const LIST_ITEM = /^\s*(?:[-*•]|\d{1,3}[.)])\s+(.*)$/;

function headingOf(line: string, previousBlank: boolean): string | undefined {
  const trimmed = line.trim();
  const hash = HASH_HEADING.exec(trimmed);
  if (hash) return hash[1]!.replace(/\*\*/g, '');
  if (!previousBlank) return undefined;
  if (CAPS_HEADING.test(trimmed) && /[A-Z]{2}/.test(trimmed)) return trimmed.replace(/:$/, '');
  const bold = BOLD_HEADING.exec(trimmed);
  return bold ? bold[1] : undefined;
}

function titleCase(title: string): string {
  return title === title.toUpperCase() ? title.charAt(0) + title.slice(1).toLowerCase() : title;
}

/** Sections in order; text before the first heading becomes a section titled "Note". */
export function splitSections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection | undefined;
  let previousBlank = true;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = headingOf(line, previousBlank);
    if (heading !== undefined) {
      current = { title: titleCase(heading.trim()), body: '' };
      sections.push(current);
    } else if (line.trim() !== '' || current) {
      if (!current) {
        current = { title: 'Note', body: '' };
        sections.push(current);
      }
      current.body += `${line}\n`;
    }
    previousBlank = line.trim() === '';
  }
  for (const s of sections) s.body = s.body.trim();
  return sections.filter((s) => s.body !== '' || s.title !== 'Note');
}

function inline(text: string): string {
  // Bold survives as <b>; everything else is text (escaped).
  return escape(text).replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>');
}

/** Paragraphs as <p>, runs of list lines as <ul>; FHIR narrative needs the XHTML namespace. */
export function narrativeXhtml(body: string): string {
  const html: string[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => LIST_ITEM.test(l))) {
      html.push(`<ul>${lines.map((l) => `<li>${inline(LIST_ITEM.exec(l)![1]!)}</li>`).join('')}</ul>`);
    } else {
      html.push(`<p>${lines.map(inline).join('<br/>')}</p>`);
    }
  }
  if (html.length === 0) html.push('<p>(empty)</p>');
  return `<div xmlns="http://www.w3.org/1999/xhtml">${html.join('')}</div>`;
}
