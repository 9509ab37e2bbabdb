// Synchronous routes call engines directly; their refusals become HTTP errors here.
import { EngineError, EngineUnavailableError } from '../engines/ports.ts';
import { ApiError } from './errors.ts';

export async function callEngine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof EngineUnavailableError) throw new ApiError('unavailable', error.message);
    if (error instanceof EngineError) throw new ApiError('unprocessable', error.message);
    throw error;
  }
}
