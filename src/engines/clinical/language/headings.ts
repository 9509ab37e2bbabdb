// Note section headings ("HPI", "Vital signs", "Assessment and plan"): the catalogue of section
// kinds (data/templates/sections.json) loaded once, and the test of whether a label names one.
import { readFileSync } from 'node:fs';

export interface SectionKind {
  kind: string;
  title: string;
  abbr: string;
  synonyms: string[];
  prompt: string;
  shape: 'text' | 'list';
  detail: string;
  cues: string[];
  /** Regular expressions (case-insensitive) that mark a statement as strongly this kind. */
  patterns?: string[];
  speaker: 'clinician' | 'patient' | 'any';
}

const file = new URL('../../../../data/templates/sections.json', import.meta.url);
export const SECTION_KINDS: readonly SectionKind[] = (JSON.parse(readFileSync(file, 'utf8')) as { kinds: SectionKind[] }).kinds;

/** Lower-case, unify "&" and "and", drop punctuation other than "/" so "A/P" survives. */
export function normaliseHeading(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9/ -]+/g, ' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// One-letter headings (S, O, A, P) are left out: "A:" and "B:" label speakers far more often than SOAP parts.
const HEADINGS = new Set(SECTION_KINDS.flatMap((k) => [k.abbr, ...k.synonyms]).map(normaliseHeading).filter((h) => h.length > 1));

/** Whether a line label ("VS", "Assessment", "A/P") is exactly a note section heading of two or more letters. */
export function isSectionHeading(label: string): boolean {
  return HEADINGS.has(normaliseHeading(label));
}
