export class UsageError extends Error {}

/** The command was well formed but names an account or key that does not exist (exit 1). */
export class NotFoundError extends Error {}

/** A whole-number option of at least `min`, or undefined when the option was not given. */
export function positiveInteger(name: string, value: string | undefined, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new UsageError(`${name} must be a whole number >= ${min}`);
  return n;
}

/** Requests per minute: 0 would refuse every request of the account. */
export const MIN_RATE_LIMIT = 1;
