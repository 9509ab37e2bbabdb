import { randomAlphanumeric } from '../ids.ts';

/** Signing secrets shown once at creation or rotation. */
export function newWebhookSecret(): string {
  return `whsec_${randomAlphanumeric(32)}`;
}

/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3600_000;
