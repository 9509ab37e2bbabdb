// Written register of a note sentence: contractions spelled out and units abbreviated after a number, as notes write them.
import { alternation, languageData, wordsPattern } from './data.ts';

interface WrittenData {
  noteContractions: Record<string, string>;
  noteContractionsPast: string[];
  noteUnits: Record<string, string>;
  noteDrops: string[];
}

const d = languageData<WrittenData>('voice');
const entries = (m: Record<string, string>): [string, string][] => Object.entries(m).filter(([k]) => !k.startsWith('_'));
const CONTRACTIONS = new Map(entries(d.noteContractions));
const UNITS = new Map(entries(d.noteUnits));
const CONTRACTED = new RegExp(wordsPattern([...CONTRACTIONS.keys()]), 'gi');
// "she's been", "it's got", "i'd tried": 's/'d before a past participle is has/had, not is/would.
const PERFECT = new RegExp(`\\b(it|that|there|what|he|she|i|we|they|you)'(s|d)(?=\\s+(?:${alternation(d.noteContractionsPast)})\\b)`, 'gi');
// Spoken emphasis and hedging words with no clinical content ("we'll just go ahead and order").
const DROPS = new RegExp(`\\b(?:${alternation(d.noteDrops)})\\s+`, 'gi');
const UNIT = new RegExp(`(\\d)\\s*(${alternation([...UNITS.keys()])})\\b`, 'gi');

function cased(said: string, full: string): string {
  return said.charAt(0) !== said.charAt(0).toLowerCase() ? full.charAt(0).toUpperCase() + full.slice(1) : full;
}

/** "she's been, it doesn't" → "she has been, it does not": contractions spelled out, nothing else. */
export function spelledOut(text: string): string {
  return text
    .replace(/’/g, "'")
    .replace(PERFECT, (_m, who: string, c: string) => `${who} ${c.toLowerCase() === 's' ? 'has' : 'had'}`)
    .replace(CONTRACTED, (m) => cased(m, CONTRACTIONS.get(m.toLowerCase()) ?? m));
}

/** "She's just been taking 20 milligrams, it doesn't help" → "She has been taking 20 mg, it does not help". */
export function writtenOut(text: string): string {
  return spelledOut(text.replace(/’/g, "'").replace(DROPS, ''))
    .replace(/\b(a little) bit( of)?\b/gi, '$1')
    .replace(UNIT, (_m, n: string, unit: string) => `${n} ${UNITS.get(unit.toLowerCase()) ?? unit}`);
}
