// Synchronous routes call engines directly; their refusals become HTTP errors here.
import { EngineError, EngineInputError, EngineUnavailableError, TransientEngineError } from '../engines/ports.ts';
import { ApiError } from './errors.ts';

/** What a 503 for an engine server that is down asks the caller to wait, when it said nothing. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;

export async function callEngine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TransientEngineError) {
      throw new ApiError('unavailable', error.message, {}, { retryAfterSeconds: error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS });
    }
    if (error instanceof EngineUnavailableError) throw new ApiError('unavailable', error.message);
    if (error instanceof EngineInputError) throw new ApiError('validation_error', error.message);
    if (error instanceof EngineError) throw new ApiError('unprocessable', error.message);
    throw error;
  }
}
