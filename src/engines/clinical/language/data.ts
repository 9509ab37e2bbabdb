// Loads a language's word lists (data/language/<language>/<name>.json) once per process.
import { readFileSync } from 'node:fs';

const DIR = new URL('../../../../data/language/', import.meta.url);
const cache = new Map<string, unknown>();

/** Languages are added as data: a folder of the same JSON files under data/language/. */
export function languageData<T>(name: string, language = 'en'): T {
  const key = `${language}/${name}`;
  let data = cache.get(key);
  if (data === undefined) {
    if (!/^[a-z]{2,3}$/.test(language) || !/^[a-z-]+$/.test(name)) throw new Error('invalid language data name');
    data = JSON.parse(readFileSync(new URL(`${key}.json`, DIR), 'utf8'));
    cache.set(key, data);
  }
  return data as T;
}

// The most words a cue pattern may reach over: a bounded quantifier keeps matching linear.
const MAX_REACH = 20;

/**
 * A count of words from a language file, as it goes into a RegExp quantifier ("{0,6}"): only an
 * integer from 0 to MAX_REACH passes, so a word list's numbers can never be pattern syntax.
 */
export function wordReach(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > MAX_REACH) throw new Error(`language data: a word reach must be an integer from 0 to ${MAX_REACH}`);
  return n;
}

/** Text as a literal inside a RegExp: every syntax character escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Words and phrases as one alternation for a RegExp, longest first, spaces matching any run of
 * whitespace. Entries are literal: a word list never carries regex syntax.
 */
export function alternation(words: readonly string[]): string {
  return [...new Set(words)].sort((a, b) => b.length - a.length).map((w) => escapeRegExp(w).replace(/ /g, '\\s+')).join('|');
}

/**
 * alternation() for words said in a run ("okay, so, and then …"): a phrase made of other words of the
 * list ("and then" = "and" + "then") is left out, since the run reads it word by word anyway. Kept in,
 * it lets a run split two ways at every repeat, and a failed match then backtracks through every
 * split: exponential in the run's length ("and then " said 60 times stalls the engine for hours).
 */
export function runAlternation(words: readonly string[]): string {
  const single = new Set(words.map((w) => w.toLowerCase()));
  const composed = (w: string): boolean => {
    const parts = w.toLowerCase().split(/\s+/);
    return parts.length > 1 && parts.every((p) => single.has(p));
  };
  return alternation(words.filter((w) => !composed(w)));
}

/** Phrases as alternation() writes them, where an apostrophe also matches the typographic one transcripts write ("let's", "let’s"). */
export function spokenAlternation(words: readonly string[]): string {
  return alternation(words).replace(/'/g, "['’]");
}

/**
 * Words and phrases said as whole words: the RegExp source `\b(?:…)\b` of their alternation,
 * written by `alternate` (spokenAlternation for typographic apostrophes, terms for word stems).
 */
export function wordsPattern(words: readonly string[], alternate: (words: readonly string[]) => string = alternation): string {
  return `\\b(?:${alternate(words)})\\b`;
}

/**
 * Terms as one alternation, like alternation(), where an entry ending in "*" is a word stem
 * ("wheez*": wheeze, wheezing). Lists of clinical words name stems this way; nothing else is syntax.
 */
export function terms(words: readonly string[]): string {
  return [...new Set(words)].sort((a, b) => b.length - a.length)
    .map((w) => (w.endsWith('*') ? `${alternation([w.slice(0, -1)])}\\w*` : alternation([w]))).join('|');
}
