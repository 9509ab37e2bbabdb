// Text-to-JSON: schema intake (compileSchema) and the embedded extraction engine.
export { compileSchema, type CompiledSchema } from './schema-intake.ts';
export { SCHEMA_LIMITS } from './schema-limits.ts';
export { createEmbeddedExtractionEngine, extract } from './engine.ts';
