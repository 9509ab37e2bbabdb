// Cue phrases of data/lexicon/coding-discourse.json compiled to linear-time patterns: phrases
// a test is ordered with ("looks for …") and phrases doubting a condition just named.
import { readFileSync } from 'node:fs';

interface CueList { phrases: string[] }
interface DiscourseFile { tested_for: CueList; doubted_after: CueList }

const FILE = new URL('../../../../data/lexicon/coding-discourse.json', import.meta.url);
let compiled: { testedFor: RegExp; doubtedAfter: RegExp } | undefined;

/** One alternation of the phrases, escaped; a space matches any run of spaces. */
function alternation(phrases: readonly string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('|');
}

function cues(): { testedFor: RegExp; doubtedAfter: RegExp } {
  if (compiled) return compiled;
  const data = JSON.parse(readFileSync(FILE, 'utf8')) as DiscourseFile;
  compiled = {
    // The phrase, then up to four words, then the mention (the lead ends at the mention).
    testedFor: new RegExp(`(?:^|\\s)(?:${alternation(data.tested_for.phrases)})(?:\\s+\\S+){0,4}$`, 'i'),
    // Up to three words after the mention ("issues"), then the phrase.
    doubtedAfter: new RegExp(`^\\W*(?:[\\w']+\\W+){0,3}?(?:${alternation(data.doubted_after.phrases)})\\b`, 'i'),
  };
  return compiled;
}

/** Is the mention what a test is ordered to look for? `lead`: the words before it, single-spaced. */
export function testedFor(lead: string): boolean {
  return cues().testedFor.test(lead);
}

/** Does the clinician doubt the condition right after naming it? `tail`: the text after it. */
export function doubtedAfter(tail: string): boolean {
  return cues().doubtedAfter.test(tail.replace(/’/g, "'"));
}
