// Intake checks the HTTP layer and the CLI run before work is accepted: the structure of a
// NoteTemplate, and a caller's JSON Schema for text-to-JSON.
export { validateTemplate } from './clinical/templates/index.ts';
export { compileSchema } from './clinical/extraction/index.ts';
