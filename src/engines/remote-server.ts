// How engines that call a remote model server (OpenAI-compatible chat or speech) turn its
// failures into engine errors: what may pass soon (unreachable, timed out, 429, 5xx) is
// transient and retried; anything else fails the request. Only statuses are quoted, never
// the server's body (it may echo the request's PHI).
import { EngineError, TransientEngineError } from './ports.ts';

/** A Retry-After header (seconds or an HTTP date) in whole seconds, if it says anything usable. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The error for a fetch that threw before any answer. */
export function unreachable(server: string, error: unknown): TransientEngineError {
  const reason = (error as Error)?.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
  return new TransientEngineError(`The ${server} ${reason}.`);
}

/** The error for an answer that is not 2xx (its body is dropped unread). */
export async function refused(server: string, response: Response): Promise<EngineError | TransientEngineError> {
  await response.body?.cancel().catch(() => {});
  const message = `The ${server} answered with status ${response.status}.`;
  if (response.status === 429 || response.status >= 500) {
    return new TransientEngineError(message, retryAfterSeconds(response.headers.get('retry-after')));
  }
  return new EngineError(message);
}
