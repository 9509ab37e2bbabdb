// The catalogue of section kinds (data/templates/sections.json): recognises a heading
// or a prompt as a known kind of clinical section, and lends its title, prompt and cues.
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

const BY_KIND = new Map(SECTION_KINDS.map((k) => [k.kind, k]));

export function kindById(kind: string): SectionKind | undefined {
  return BY_KIND.get(kind);
}

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

function words(text: string): string[] {
  return normaliseHeading(text).split(' ').filter(Boolean);
}

/** Best kind for a heading: exact synonym, else longest synonym contained as whole words. */
export function classifyHeading(heading: string): SectionKind | undefined {
  const norm = normaliseHeading(heading);
  if (!norm) return undefined;
  for (const kind of SECTION_KINDS) {
    if (kind.synonyms.some((s) => normaliseHeading(s) === norm)) return kind;
  }
  let best: SectionKind | undefined;
  let bestLength = 0;
  const padded = ` ${norm} `;
  for (const kind of SECTION_KINDS) {
    for (const synonym of kind.synonyms) {
      const s = normaliseHeading(synonym);
      // One-letter synonyms (S, O, A, P) only count as exact matches.
      if (s.length < 3) continue;
      if (padded.includes(` ${s} `) && s.length > bestLength) {
        best = kind;
        bestLength = s.length;
      }
    }
  }
  return best;
}

/** Kind a section is about, from its heading text and prompt (heading wins when both match). */
export function classifySection(heading: string | undefined, prompt: string): SectionKind | undefined {
  if (heading) {
    const byHeading = classifyHeading(heading);
    if (byHeading) return byHeading;
  }
  // A prompt is a sentence: look for the longest synonym in it.
  const fromPrompt = classifyHeading(prompt.split(/[.:;\n]/)[0] ?? prompt) ?? classifyHeading(prompt);
  if (fromPrompt) return fromPrompt;
  // Fall back to cue overlap, needing at least two distinct cue hits.
  const promptWords = ` ${words(prompt).join(' ')} `;
  let best: SectionKind | undefined;
  let bestHits = 1;
  for (const kind of SECTION_KINDS) {
    const hits = kind.cues.filter((c) => promptWords.includes(` ${normaliseHeading(c)} `)).length;
    if (hits > bestHits) {
      best = kind;
      bestHits = hits;
    }
  }
  return best;
}
