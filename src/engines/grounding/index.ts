/**
 * Grounding: the embedded engine checks a model's answer against the source text.
 *
 *   TranscriptGrounder(text).locate(kind, claim, near?) → Span | null — one fact (medication,
 *     dose, vital, allergy, result, diagnosis, code) found in the transcript, or not.
 *   groundSoap(json, grounder, mode)        — a SOAP answer, structured facts then prose.
 *   groundProse(text, path, grounder, mode) — drugs, doses and vitals inside free text.
 *   groundExtraction(answer, schema, …)     — text-to-JSON values; unsupported → null.
 *
 * mode `drop` removes what the source does not support, `flag` keeps it; either way it is
 * listed as `{path, text, reason}` for the result's `metadata.ungrounded`.
 */
export { TranscriptGrounder } from './transcript-grounder.ts';
export { groundSoap, NOT_BILLABLE } from './soap.ts';
export { groundProse, factsIn, checkFacts, REASONS } from './prose.ts';
export { groundExtraction } from './json.ts';
export type { FactKind, Grounder, GroundingMode, Ungrounded } from './types.ts';
