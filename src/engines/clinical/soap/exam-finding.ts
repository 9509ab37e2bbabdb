// An examination finding as an exam section states it: the clinician's framing ("on her heart exam,
// I do appreciate …") dropped, findings of "the" body part rather than "her" body part.
import { LEADING_RUN, sentenceCase } from '../language/index.ts';

// "On his heart exam," / "On physical examination today," — the heading already says it.
const FRAME = new RegExp(`^${LEADING_RUN}(?:on|in|upon) (?:(?:his|her|their|your|the|a|my|physical|today's|today)\\s+)*(?:[a-z-]+\\s+){0,2}(?:exam(?:ination)?|evaluation)\\b(?:\\s+today)?[,\\s]*`, 'i');
// "I do appreciate a murmur" → "a murmur"; "I do not appreciate any murmurs" → "no murmurs".
const SEEN = /\b(?:I|we) (?:do |did |can |could )?(?:appreciate|hear|heard|feel|felt|see|saw|note|noted|notice|noticed)\s+/i;
const NOT_SEEN = /\b(?:I|we) (?:do not|did not|cannot|could not) (?:appreciate|hear|feel|see|note|notice)\s+(?:any\s+)?/i;
const POSSESSIVE = /\b(?:his|her|their)\b(?=\s+(?:[a-z-]+\s+){0,2}[a-z-]+)/gi;

export function examFinding(text: string): string {
  const t = text
    .replace(FRAME, '')
    .replace(NOT_SEEN, 'no ')
    .replace(SEEN, '')
    .replace(POSSESSIVE, 'the');
  return t.split(/\s+/).length >= 2 ? sentenceCase(t) : text;
}
