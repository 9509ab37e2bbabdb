// Field checks shared by every route: emptiness (400) and size limits (413).
import { ApiError } from './errors.ts';

export function requireNonEmpty(name: string, value: string): void {
  if (value.trim() === '') throw new ApiError('validation_error', `${name} must not be empty.`, { [name]: 'must not be empty' });
}

export function checkLength(name: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    throw new ApiError('payload_too_large', `${name} is longer than ${max} characters.`, { [name]: `at most ${max} characters` });
  }
}
