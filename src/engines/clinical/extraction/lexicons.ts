// Loads the data files under data/extraction once: unit table, field and enum synonyms,
// drug, symptom and condition lists. Lists become phrase sets keyed by token count.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stems } from './text-doc.ts';

const DATA_DIR = fileURLToPath(new URL('../../../../data/extraction/', import.meta.url));

export type UnitInfo = [dimension: string, factorOrScale: number | string];

export interface PhraseList {
  /** Stem sequences joined by a space. */
  phrases: Set<string>;
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
  const unitMap = new Map(Object.entries(units.units));
  cached = {
    units: unitMap,
    unitAliases: [...unitMap.keys()].sort((a, b) => b.length - a.length),
    impliedConcept: units.implied,
    fieldSynonyms: new Map(Object.entries(synonyms.fields)),
    enumSynonyms: new Map(Object.entries(synonyms.enums)),
    drugs: phraseList('drug-names.txt'),
    symptoms: phraseList('symptoms.txt'),
    conditions: phraseList('conditions.txt'),
  };
  return cached;
}

function phraseList(file: string): PhraseList {
  const phrases = new Set<string>();
  let maxWords = 1;
  for (const line of readFileSync(DATA_DIR + file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const s = stems(line);
    if (s.length === 0) continue;
    phrases.add(s.join(' '));
    maxWords = Math.max(maxWords, s.length);
  }
  return { phrases, maxWords };
}
