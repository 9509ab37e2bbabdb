// The English words grounding reads (data/grounding/en.json), loaded once.
import { readFileSync } from 'node:fs';

interface LanguageData {
  stopWords: string[];
  inferenceCues: string[];
  vitalLabels: Record<string, string>;
}

const FILE = new URL('../../../data/grounding/en.json', import.meta.url);
let data: { stopWords: Set<string>; inferenceCues: string[]; vitalLabels: Record<string, string> } | undefined;

export function groundingWords(): { stopWords: Set<string>; inferenceCues: string[]; vitalLabels: Record<string, string> } {
  if (data) return data;
  const raw = JSON.parse(readFileSync(FILE, 'utf8')) as LanguageData;
  data = { stopWords: new Set(raw.stopWords), inferenceCues: raw.inferenceCues, vitalLabels: raw.vitalLabels };
  return data;
}
