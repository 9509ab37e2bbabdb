// Loads the data files under data/extraction once: unit table, field and enum synonyms
// (plus list-synonyms.json beside this file: secondary-diagnosis and primary-diagnosis
// labels), symptom and condition lists; drug names come from the shared lexicon (data/drugs).
// Lists become phrase sets of stem sequences.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drugLexicon, type DrugEntry } from '../lexicon/index.ts';
import { stems } from './text-doc.ts';

const DATA_DIR = fileURLToPath(new URL('../../../../data/extraction/', import.meta.url));

export type UnitInfo = [dimension: string, factorOrScale: number | string];

export interface PhraseList {
  /** Stem sequences joined by a space. */
  phrases: Set<string>;
  /** Every leading part of a phrase ("type", "type 2"), so a lookup can stop early. */
  prefixes: Set<string>;
  maxWords: number;
}

export interface Lexicons {
  units: Map<string, UnitInfo>;
  unitAliases: string[]; // longest first, for matching after a number
  impliedConcept: Record<string, string>;
  fieldSynonyms: Map<string, string[]>;
  enumSynonyms: Map<string, string[]>;
  drugs: PhraseList;
  symptoms: PhraseList;
  conditions: PhraseList;
}

let cached: Lexicons | undefined;

export function lexicons(): Lexicons {
  if (cached) return cached;
  const units = JSON.parse(readFileSync(DATA_DIR + 'units.json', 'utf8')) as { units: Record<string, UnitInfo>; implied: Record<string, string> };
  const synonyms = JSON.parse(readFileSync(DATA_DIR + 'synonyms.json', 'utf8')) as { fields: Record<string, string[]>; enums: Record<string, string[]> };
  const listSynonyms = JSON.parse(readFileSync(new URL('./list-synonyms.json', import.meta.url), 'utf8')) as { fields: Record<string, string[]> };
  const fieldSynonyms = new Map(Object.entries(synonyms.fields));
  for (const [field, phrases] of Object.entries(listSynonyms.fields)) fieldSynonyms.set(field, [...new Set([...(fieldSynonyms.get(field) ?? []), ...phrases])]);
  const unitMap = new Map(Object.entries(units.units));
  cached = {
    units: unitMap,
    unitAliases: [...unitMap.keys()].sort((a, b) => b.length - a.length),
    impliedConcept: units.implied,
    fieldSynonyms,
    enumSynonyms: new Map(Object.entries(synonyms.enums)),
    drugs: drugNames(),
    symptoms: phraseList(lines('symptoms.txt')),
    conditions: phraseList(lines('conditions.txt')),
  };
  return cached;
}

function lines(file: string): string[] {
  return readFileSync(DATA_DIR + file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function phraseList(terms: Iterable<string>): PhraseList {
  const phrases = new Set<string>();
  const prefixes = new Set<string>();
  let maxWords = 1;
  for (const term of terms) {
    const s = stems(term);
    if (s.length === 0) continue;
    phrases.add(s.join(' '));
    for (let n = 1; n < s.length; n++) prefixes.add(s.slice(0, n).join(' '));
    maxWords = Math.max(maxWords, s.length);
  }
  return { phrases, prefixes, maxWords };
}

// A combination ("A and B") or a packaging ("… in plastic container") is read as its parts.
const LINKING = /\b(?:and|with|in|for|plus|against)\b/;

/**
 * A term of the drug lexicon names a medication in free text when it is written in words
 * (no strength or form punctuation) and is no combination or packaging; a single word
 * under five letters only when it is a generic name (short brands collide with words and
 * abbreviations: "muse", "dial"). Then minus drug-names-excluded.txt, plus drug-names-added.txt.
 */
function isDrugName(term: string, entry: DrugEntry): boolean {
  if (!/^[a-z][a-z' -]*[a-z]$/.test(term) || LINKING.test(term)) return false;
  return term.includes(' ') || term.length >= 5 || entry.generic === term;
}

function drugNames(): PhraseList {
  const excluded = new Set(lines('drug-names-excluded.txt'));
  const names = [...drugLexicon()].filter(([term, entry]) => !excluded.has(term) && isDrugName(term, entry)).map(([term]) => term);
  return phraseList([...names, ...lines('drug-names-added.txt')]);
}
