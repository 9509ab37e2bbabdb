// TEMPORARY (not for commit): minimal intake until the engine modules land.
import Ajv from 'ajv';
import type { NoteTemplate } from './ports.ts';
export function validateTemplate(value: unknown): { ok: true; template: NoteTemplate } | { ok: false; message: string } {
  const t = value as any;
  if (!t || typeof t !== 'object' || !Array.isArray(t.sections)) return { ok: false, message: 'sections must be an array' };
  for (const s of t.sections) if (!['heading', 'text', 'list'].includes(s?.type)) return { ok: false, message: 'bad section type' };
  return { ok: true, template: t };
}
const ajv = new (Ajv as any)({ strict: false });
export function compileSchema(schema: unknown): any {
  try {
    const validate = ajv.compile(schema as object);
    return { ok: true, schema, validate, errors: () => ajv.errorsText(validate.errors) };
  } catch (e) {
    return { ok: false, message: 'schema is invalid' };
  }
}
