/**
 * Clinical lexicons shipped under data/ (provenance in each folder's SOURCES.md).
 *
 *   icd10cmTitles(), isBillable(code), icd10cmTitle(code) — FY2026 billable ICD-10-CM codes
 *   conceptLexicon(), findConcepts(tokens) — lay/clinical phrases → ICD-10-CM concepts
 *   drugLexicon() — Orange Book generic and brand names (term → {generic, rx})
 *   tokenize(text, from?, to?) — word tokens with offsets (the matching unit)
 *   editDistance(a, b, limit?) — Levenshtein distance, capped at limit + 1 (spelling correction)
 *   americanSpelling(word) — a British clinical spelling folded to the American one ("haemoptysis")
 *
 * Everything loads lazily on first use and is cached for the process.
 */
export { icd10cmTitles, isBillable, icd10cmTitle } from './icd10cm.ts';
export { conceptLexicon, findConcepts, parseConcepts, type Concept, type ConceptKind, type ConceptMention } from './concepts.ts';
export { drugLexicon, type DrugEntry } from './drugs.ts';
export { tokenize, phraseTokens, type Token } from './tokens.ts';
export { editDistance } from './spelling.ts';
export { americanSpelling } from './british.ts';
