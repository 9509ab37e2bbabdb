/**
 * Embedded ICD-10-CM coding engine (CodingEngine of src/engines/ports.ts).
 *
 *   createEmbeddedCodingEngine(): CodingEngine — `code(text)` resolves to
 *     {diagnoses, procedures}: ICD-10-CM items (system http://hl7.org/fhir/sid/icd-10-cm)
 *     and the office E/M level (with `rationale`) plus procedures stated as done,
 *     each with text_span indexing the submitted text exactly.
 *   codeText(text): CodingResult — the same, synchronous (for the SOAP engine and benches).
 */
export { createEmbeddedCodingEngine, codeText, ICD10CM_SYSTEM, CPT_SYSTEM } from './engine.ts';
