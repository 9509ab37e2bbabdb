// Caller regexes (`pattern`, `patternProperties`, `propertyNames.pattern`) run on re2js, a
// linear-time engine: no pattern and no text can make matching backtrack. JSON Schema
// patterns are ECMA-262 syntax; re2js translates that syntax, and a pattern it cannot
// express (backreferences, lookaround) is refused by name instead of run on V8's engine.
import { RE2JS } from 're2js';
import type { RegExpEngine } from 'ajv/dist/types/index.js';

/** A compiled caller pattern: unanchored `test`, as JSON Schema `pattern` means it. */
export interface CallerRegex {
  source: string;
  re: RE2JS;
  test(s: string): boolean;
  toString(): string;
}

export class UnsupportedPatternError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const CACHE_LIMIT = 4096;
const cache = new Map<string, CallerRegex | UnsupportedPatternError>();

/** Compiles a caller pattern with re2js, or throws UnsupportedPatternError saying why. */
export function callerRegex(pattern: string): CallerRegex {
  const hit = cache.get(pattern);
  if (hit instanceof UnsupportedPatternError) throw hit;
  if (hit) return hit;
  let made: CallerRegex | UnsupportedPatternError;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    // Ajv keys its pattern cache by toString(): it must differ per pattern.
    made = { source: pattern, re, test: (s: string) => re.test(s), toString: () => `re2:${pattern}` };
  } catch {
    made = new UnsupportedPatternError(whyUnsupported(pattern));
  }
  cache.set(pattern, made);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  if (made instanceof UnsupportedPatternError) throw made;
  return made;
}

/** The reason in schema terms; the pattern itself is the caller's and is not echoed. */
function whyUnsupported(pattern: string): string {
  if (/\\[1-9]|\\k</.test(pattern)) return 'uses a backreference, which a linear-time regex engine cannot run';
  if (/\(\?<?[=!]/.test(pattern)) return 'uses lookaround, which a linear-time regex engine cannot run';
  return 'is not a regular expression the linear-time regex engine accepts';
}

/** Ajv's `code.regExp`: every pattern Ajv compiles goes through re2js. */
export const re2Engine: RegExpEngine = Object.assign((pattern: string) => callerRegex(pattern), { code: 'callerRegex' });
