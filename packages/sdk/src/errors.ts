// Errors the SDK throws: one for every non-2xx answer, one for a job that failed, one for a
// wait that ran out of time.

/** The API answered with an error status; `body` is its parsed error body. */
export class ClinscribeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly requestId?: string,
  ) {
    super(`clinscribe answered ${status}: ${messageOf(body) ?? 'no message'}`);
    this.name = 'ClinscribeApiError';
  }
}

/** A job finished with status `failed`; `reason` is the server's explanation. */
export class ClinscribeJobFailedError extends Error {
  constructor(
    readonly id: string,
    readonly reason: string,
    readonly record: unknown,
  ) {
    super(`job ${id} failed: ${reason}`);
    this.name = 'ClinscribeJobFailedError';
  }
}

/** createAndWait gave up before the job finished; the job itself goes on. */
export class ClinscribeTimeoutError extends Error {
  constructor(
    readonly id: string,
    readonly timeoutMs: number,
  ) {
    super(`job ${id} did not finish within ${timeoutMs} ms`);
    this.name = 'ClinscribeTimeoutError';
  }
}

function messageOf(body: unknown): string | undefined {
  const b = body as { message?: unknown; data?: { message?: unknown } } | undefined;
  const message = b?.data?.message ?? b?.message;
  return typeof message === 'string' ? message : undefined;
}
