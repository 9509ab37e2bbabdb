// What to look for, derived from a property's name, title and description: concept
// phrases (as stem sequences, with synonyms), the unit the value should be given in,
// and whether the field asks for denied rather than present findings.
import type { Lexicons } from './lexicons.ts';
import type { SchemaNode } from './schema-nav.ts';
import { stem, stems } from './text-doc.ts';

export interface FieldQuery {
  key: string;
  /** Content stems of the key (and title), e.g. ["heart","rate"]. */
  words: string[];
  /** Phrases to find in the text, most specific first; each a stem sequence. */
  phrases: string[][];
  /** For each phrase, the key words (stems, from `words`) it stands for. */
  covers: string[][];
  /** Phrases taken from the description only (weaker). */
  descriptionPhrases: string[][];
  targetUnit?: string;
  description: string;
  wantsDenied: boolean;
  /** The only date field of its object: the text's date is its date. */
  soleDate?: boolean;
}

const KEY_STOPWORDS = new Set(['is', 'ha', 'has', 'have', 'doe', 'does', 'the', 'of', 'patient', 'pt', 'current', 'currently', 'value', 'in', 'any', 'if', 'a', 'an', 'list', 'flag', 'indicator', 'status', 'present', 'reported', 'documented', 'mentioned', 'whether', 'total']);
const DESC_STOPWORDS = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'for', 'to', 'and', 'or', 'if', 'as', 'is', 'are', 'was', 'be', 'patient', 'patient\'s', 'their', 'his', 'her', 'any', 'all', 'each', 'value', 'values', 'text', 'mentioned', 'stated', 'given', 'reported', 'documented', 'recorded', 'whether', 'which', 'what', 'with', 'from', 'by', 'at', 'this', 'that', 'null', 'not', 'otherwise', 'use', 'format', 'iso', 'number', 'string', 'true', 'false', 'yes', 'no', 'list', 'name', 'names', 'note', 'date', 'kg', 'lb', 'cm', 'mg', 'celsius', 'fahrenheit', 'kilograms', 'pounds', 'unit', 'units', 'convert', 'converted', 'expressed', 'only', 'one', 'other', 'does', 'do', 'has', 'have', 'had', 'current', 'currently']);

const UNIT_WORDS: Record<string, string> = {
  kg: 'kg', kgs: 'kg', kilograms: 'kg', kilogram: 'kg', lb: 'lb', lbs: 'lb', pounds: 'lb',
  cm: 'cm', centimeters: 'cm', centimetres: 'cm', m: 'm', meters: 'm', metres: 'm', in: 'in', inches: 'in', ft: 'ft', feet: 'ft',
  c: 'c', celsius: 'c', centigrade: 'c', f: 'f', fahrenheit: 'f', mg: 'mg', mcg: 'mcg', g: 'g', grams: 'g',
  years: 'years', months: 'months', weeks: 'weeks', days: 'days', hours: 'hours',
};

/** A key that is a preposition ("with", "to"): its value is the noun phrase after that word. */
export const PREPOSITION_KEY = /^(with|to|by|at|from|whom|who|where)$/i;

/** Does the query's key contain this word (compared by stem)? */
export function hasWord(q: FieldQuery, word: string): boolean {
  return q.words.includes(stem(word));
}

export function splitKey(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
}

export function buildQuery(key: string, node: SchemaNode, lex: Lexicons): FieldQuery {
  const description = [node.title, node.description].filter((s) => typeof s === 'string').join('. ');
  const keyWords = splitKey(key);
  // The last unit word: "in_days" is days ("in" is inches only as in "height_in").
  const unitFromKey = keyWords.length > 1 ? keyWords.map((w) => (Object.hasOwn(UNIT_WORDS, w) ? UNIT_WORDS[w] : undefined)).filter(Boolean).pop() : undefined; // own keys only: a field named "constructor" is not a unit
  const content = keyWords.filter((w) => !KEY_STOPWORDS.has(w) && !(UNIT_WORDS[w] && keyWords.length > 1));
  const words = content.map((w) => stems(w)[0]).filter(Boolean);
  const phrases: string[][] = [];
  const covers: string[][] = [];
  const add = (p: string, covered: string[]) => {
    const s = stems(p);
    if (s.length === 0) return;
    const at = phrases.findIndex((q) => q.join(' ') === s.join(' '));
    const cov = covered.filter(Boolean);
    if (at >= 0) covers[at] = [...new Set([...covers[at], ...cov])];
    else (phrases.push(s), covers.push(cov));
  };
  const wordOf = (i: number) => stems(content[i])[0];
  const joined = content.join(' ');
  for (const syn of lex.fieldSynonyms.get(joined) ?? []) add(syn, words);
  if (content.length > 0) add(joined, words);
  // Synonyms of each word ("weight" in "body_weight_kg") and of adjacent pairs.
  for (let i = 0; i + 1 < content.length; i++) for (const syn of lex.fieldSynonyms.get(`${content[i]} ${content[i + 1]}`) ?? []) add(syn, [wordOf(i), wordOf(i + 1)]);
  content.forEach((w, i) => {
    for (const syn of lex.fieldSynonyms.get(w) ?? []) add(syn, [wordOf(i)]);
  });
  if (content.length > 1) content.forEach((w, i) => w.length > 3 && !GENERIC_WORDS.has(w) && add(w, [wordOf(i)]));
  const descriptionPhrases = stems(description)
    .filter((s) => !DESC_STOPWORDS.has(s) && s.length > 2 && !/^\d/.test(s))
    .map((s) => [s]);
  return {
    key,
    words,
    phrases,
    covers,
    descriptionPhrases,
    targetUnit: unitFromKey ?? unitFromDescription(description),
    description,
    wantsDenied: /\b(denied|denies|negative|negated|absent|pertinent negatives?|ruled out|not present)\b/i.test(`${keyWords.join(' ')} ${description}`),
  };
}

const GENERIC_WORDS = new Set(['date', 'name', 'type', 'level', 'time', 'number', 'count', 'result', 'details', 'detail', 'info', 'information', 'notes', 'note', 'first', 'last', 'start', 'end']);

function unitFromDescription(description: string): string | undefined {
  const m = /\b(?:in|as|to|into|units? of)\s+(?:degrees\s+)?(kilograms?|kg|pounds|lbs?|centimet(?:er|re)s?|cm|met(?:er|re)s|inches|feet|celsius|°c|fahrenheit|°f|mg|mcg|grams|years|months|weeks|days|hours)\b/i.exec(description)
    ?? /\((kg|lb|lbs|cm|m|in|°c|°f|c|f|mg|mcg)\)/i.exec(description);
  if (!m) return undefined;
  const w = m[1].toLowerCase().replace('°', '');
  return UNIT_WORDS[w] ?? UNIT_WORDS[w.replace(/s$/, '')] ?? (w.startsWith('centimet') ? 'cm' : w.startsWith('met') ? 'm' : undefined);
}
