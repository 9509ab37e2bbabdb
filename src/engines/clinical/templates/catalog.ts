// The catalogue of section kinds (data/templates/sections.json): recognises a heading
// or a prompt as a known kind of clinical section, and lends its title, prompt and cues.
import { SECTION_KINDS, normaliseHeading, type SectionKind } from '../language/headings.ts';

export { SECTION_KINDS, normaliseHeading, type SectionKind };

const BY_KIND = new Map(SECTION_KINDS.map((k) => [k.kind, k]));

export function kindById(kind: string): SectionKind | undefined {
  return BY_KIND.get(kind);
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
