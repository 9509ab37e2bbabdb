// Whether a body site said in a sentence is tied to a mention by the words between them
// ("contusion of the right hand", "melanoma on her back", "right knee, uh, contusion"); shared
// by specify.ts (injury sites) and index-sites.ts (index site subterms).

// After the mention: a preposition, determiners, a side and hesitations only.
const TIED_AFTER = /^\s*(?:(?:the|a|your|my|his|her|their)\s+(?:muscles?|tendons?|ligaments?)\s+)?(?:(?:of|on|to|in|at|over|along|around|across)\s+)?(?:(?:the|your|my|his|her|their|a|an|right|left|both|uh|um)\W+)*$/i;
// Before the mention: nothing but a comma and hesitations.
const TIED_BEFORE = /^[\s,]*(?:(?:uh|um)\W+)*$/i;

// A word said again after a comma is a stutter of speech, one word ("a swelling on, on, on my elbow").
const STUTTER = /\b([a-z']+)\s*,\s+(?=\1\b)/gi;

/** The words between a mention and its site with stuttered repeats read once. */
export function unstuttered(gap: string): string {
  return gap.replace(STUTTER, '');
}

/** Is the site at [site.start, site.end) of `sentence` tied to the mention at `at`? */
export function tiedTo(sentence: string, at: { start: number; end: number }, site: { start: number; end: number }): boolean {
  if (site.start >= at.end) return TIED_AFTER.test(unstuttered(sentence.slice(at.end, site.start)));
  if (site.end <= at.start) return TIED_BEFORE.test(unstuttered(sentence.slice(site.end, at.start)));
  return true;
}
