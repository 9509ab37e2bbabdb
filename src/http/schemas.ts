// Shared TypeBox pieces for route schemas: error bodies per family and common fields.
import { Type } from '@fastify/type-provider-typebox';

export const StableErrorBody = Type.Object(
  {
    status: Type.Literal('error'),
    data: Type.Object({
      message: Type.String(),
      code: Type.String(),
      validationErrors: Type.Record(Type.String(), Type.String()),
    }),
    date: Type.String({ format: 'date-time' }),
    errorType: Type.String(),
  },
  { $id: 'StableError', description: 'Error body of /v1 and /v2 routes' },
);

export const MessageErrorBody = Type.Object(
  { message: Type.String() },
  { $id: 'MessageError', description: '401/403 body of /v1 and /v2 routes' },
);

export const AlphaErrorBody = Type.Object(
  { error: Type.String(), message: Type.String() },
  { $id: 'AlphaError', description: 'Error body of /alpha routes' },
);

export const TextToJsonErrorBody = Type.Object(
  { error: Type.Number(), message: Type.String() },
  { $id: 'TextToJsonError', description: 'Error body of /v1/utils/text-to-json' },
);

const ref = (id: string) => Type.Unsafe<unknown>({ $ref: `${id}#` });

/**
 * Statuses any route can answer: 401, 409 (an Idempotency-Key still in progress), 429,
 * 500 and 503 (load shedding).
 */
function common(body: unknown): Record<number, unknown> {
  return { 401: body, 409: body, 429: body, 500: body, 503: body };
}

/** Error responses of a stable route, for the statuses it can answer. */
export function stableErrors(...statuses: number[]) {
  const out: Record<number, unknown> = { ...common(ref('StableError')), 401: ref('MessageError') };
  for (const status of statuses) out[status] = status === 403 ? ref('MessageError') : ref('StableError');
  return out;
}

export function alphaErrors(...statuses: number[]) {
  const out: Record<number, unknown> = { ...common(ref('AlphaError')), 403: ref('AlphaError') };
  for (const status of statuses) out[status] = ref('AlphaError');
  return out;
}

export function textToJsonErrors(...statuses: number[]) {
  const out: Record<number, unknown> = common(ref('TextToJsonError'));
  for (const status of statuses) out[status] = ref('TextToJsonError');
  return out;
}

export const Timestamp = Type.String({ format: 'date-time' });
export const AnyObject = Type.Record(Type.String(), Type.Unknown());
/**
 * The longest path parameter the router takes (longer ones are answered 404 before routing).
 * Every id up to it is looked up, so an unknown id is 404 whatever its length (spec).
 */
export const MAX_PATH_PARAM_LENGTH = 500;
export const IdParam = (name: string) => Type.Object({ [name]: Type.String({ minLength: 1, maxLength: MAX_PATH_PARAM_LENGTH }) });

export const StableHeaders = Type.Object({
  'x-api-key': Type.Optional(Type.String()),
  'x-account-id': Type.Optional(Type.String()),
});
export const AlphaHeaders = Type.Object({ authorization: Type.Optional(Type.String()) });
