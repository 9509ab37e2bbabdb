// British clinical spellings folded to the American ones the lexicons use (data/lexicon/british-spellings.tsv).
import { lexiconTable } from './tables.ts';

let rules: { pattern: RegExp; replacement: string }[] | undefined;
// Words repeat in a visit and across visits: each is folded once.
const folded = new Map<string, string>();
const MAX_CACHED = 50_000;

function loadRules(): { pattern: RegExp; replacement: string }[] {
  if (rules) return rules;
  rules = [];
  for (const [pattern, replacement] of lexiconTable('british-spellings.tsv')) {
    if (!pattern || replacement === undefined) throw new Error('british-spellings.tsv: malformed row');
    // The patterns are the shipped data file's, never request text.
    rules.push({ pattern: new RegExp(pattern, 'g'), replacement });
  }
  return rules;
}

/** The American spelling of one lower-case word ("haemoptysis" → "hemoptysis"); other words unchanged. */
export function americanSpelling(word: string): string {
  const seen = folded.get(word);
  if (seen !== undefined) return seen;
  let out = word;
  // Only words that hold a British digraph or ending are rewritten (-ise/-yse forms: the tsv's clinical stems).
  if (/ae|oe|our|ould|[iy]s(?:e|ed|es|ing|ations?)$/.test(word)) for (const r of loadRules()) out = out.replace(r.pattern, r.replacement);
  if (folded.size < MAX_CACHED) folded.set(word, out);
  return out;
}
