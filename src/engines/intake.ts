// Intake checks the HTTP layer and the CLI run before a job is accepted: the structure of
// a NoteTemplate, and a caller's JSON Schema for text-to-JSON.
export { validateTemplate } from './clinical/templates/index.ts';

// TEMPORARY until the extraction engine's schema intake lands.
import AjvModule from 'ajv';
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new (Ajv as any)({ strict: false });
export function compileSchema(schema: unknown): any {
  try {
    const validate = ajv.compile(schema as object);
    return { ok: true, schema, validate, errors: () => ajv.errorsText(validate.errors) };
  } catch (e) {
    return { ok: false, message: 'schema is invalid' };
  }
}
