// The English words grounding reads (data/grounding/en.json), loaded once.
import { readFileSync } from 'node:fs';
import { escapeRegExp } from '../clinical/language/data.ts';

interface LanguageData {
  stopWords: string[];
  inferenceCues: string[];
  vitalLabels: Record<string, string>;
  dosingWords: string[];
  drugStems: string[];
  noneWords: string[];
}

const FILE = new URL('../../../data/grounding/en.json', import.meta.url);
interface Words {
  stopWords: Set<string>;
  /** Any inference cue starting at a word boundary: a field that asks for a judgement. */
  inference: RegExp;
  vitalLabels: Record<string, string>;
  dosingWords: Set<string>;
  drugStems: string[];
  noneWords: Set<string>;
}
let data: Words | undefined;

export function groundingWords(): Words {
  if (data) return data;
  const raw = JSON.parse(readFileSync(FILE, 'utf8')) as LanguageData;
  data = { stopWords: new Set(raw.stopWords), inference: new RegExp(`\\b(?:${raw.inferenceCues.map(escapeRegExp).join('|')})`), vitalLabels: raw.vitalLabels, dosingWords: new Set(raw.dosingWords), drugStems: [...new Set(raw.drugStems)], noneWords: new Set(raw.noneWords) };
  return data;
}
