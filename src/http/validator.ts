// Request validation with TypeBox: every part is checked by its compiled schema, and URL or
// header strings are converted (Value.Convert) only where the schema wants another type —
// a querystring number or boolean. Converting a string to a string costs more than the check
// itself, on every request's path parameters and headers.
import { type TSchema, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Compile } from 'typebox/compile';

/** An object schema whose declared properties are all plain strings: nothing to convert. */
export function holdsOnlyStrings(schema: TSchema): boolean {
  const { type, properties } = schema as { type?: unknown; properties?: Record<string, { type?: unknown }> };
  if (type !== 'object') return false;
  return Object.values(properties ?? {}).every((property) => property.type === 'string');
}

export const validatorCompiler: FastifySchemaCompiler<TSchema> = (route) => {
  if (route.httpPart === 'body' || !holdsOnlyStrings(route.schema)) return TypeBoxValidatorCompiler(route);
  const check = Compile(route.schema);
  return (value: unknown) => (check.Check(value) ? { value } : { error: check.Errors(value) });
};
