// One error catalogue: stable machine codes, their HTTP status, and the body shape each
// route family uses (the spec has four). Handlers throw ApiError; one handler renders it.

export const ERROR_CATALOGUE = {
  validation_error: { status: 400, errorType: 'ValidationError', message: 'The request is invalid.' },
  unsupported_media_type: { status: 400, errorType: 'ValidationError', message: 'The request body type is not supported.' },
  unauthorized: { status: 401, errorType: 'AuthenticationError', message: 'Invalid or missing API key.' },
  alpha_access_disabled: { status: 403, errorType: 'AuthorizationError', message: 'Alpha access is not enabled for this account.' },
  not_found: { status: 404, errorType: 'NotFoundError', message: 'The requested resource was not found.' },
  payload_too_large: { status: 413, errorType: 'PayloadTooLargeError', message: 'The request is larger than the allowed limit.' },
  unprocessable: { status: 422, errorType: 'UnprocessableEntityError', message: 'The request cannot be processed.' },
  idempotency_conflict: {
    status: 422,
    errorType: 'IdempotencyError',
    message: 'This Idempotency-Key was already used with a different request body.',
  },
  idempotency_in_progress: {
    status: 409,
    errorType: 'IdempotencyError',
    message: 'A request with this Idempotency-Key is still being processed; retry after the time in Retry-After.',
  },
  rate_limited: { status: 429, errorType: 'RateLimitError', message: 'Rate limit exceeded; retry after the time in Retry-After.' },
  quota_exceeded: { status: 429, errorType: 'RateLimitError', message: 'Daily quota exceeded; retry after the time in Retry-After.' },
  internal_error: { status: 500, errorType: 'InternalServerError', message: 'An internal error occurred.' },
  unavailable: { status: 503, errorType: 'ServiceUnavailableError', message: 'The service is not ready.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly status: number;

  /** Sent as Retry-After with the error (429 and 503 answers). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly validationErrors: Record<string, string> = {},
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.status = ERROR_CATALOGUE[code].status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export type RouteFamily = 'alpha' | 'stable' | 'text-to-json';

export function routeFamily(url: string): RouteFamily {
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/alpha/')) return 'alpha';
  if (pathname === '/v1/utils/text-to-json') return 'text-to-json';
  return 'stable';
}

export function renderError(family: RouteFamily, error: ApiError): Record<string, unknown> {
  switch (family) {
    case 'alpha':
      return { error: error.code, message: error.message };
    case 'text-to-json':
      return { error: error.status, message: error.message };
    case 'stable':
      if (error.status === 401 || error.status === 403) return { message: error.message };
      return {
        status: 'error',
        data: { message: error.message, code: error.code, validationErrors: error.validationErrors },
        date: new Date().toISOString(),
        errorType: ERROR_CATALOGUE[error.code].errorType,
      };
  }
}
