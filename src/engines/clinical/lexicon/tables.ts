// Reads the tab-separated tables shipped under data/ (one reader, so every table skips comments alike).
import { readFileSync } from 'node:fs';

const LEXICON_DIR = new URL('../../../../data/lexicon/', import.meta.url);
const ICD10CM_DIR = new URL('../../../../data/icd10cm/', import.meta.url);

/** The rows of tab-separated text: trimmed cells, blank and '#' lines skipped. */
export function tsvRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t').map((c) => c.trim()));
}

/** A tab-separated table of data/lexicon. */
export const lexiconTable = (file: string): string[][] => tsvRows(readFileSync(new URL(file, LEXICON_DIR), 'utf8'));
/** A tab-separated table the index builder wrote to data/icd10cm. */
export const icd10cmTable = (file: string): string[][] => tsvRows(readFileSync(new URL(file, ICD10CM_DIR), 'utf8'));
