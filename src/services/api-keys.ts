// API key format and verification. Keys are random; only their SHA-256 is stored, and the
// stored hash is compared in constant time.
import { hash, timingSafeEqual } from 'node:crypto';
import { randomAlphanumeric } from '../ids.ts';

const KEY_PREFIX = 'csk_';

export function generateApiKey(): string {
  return KEY_PREFIX + randomAlphanumeric(40);
}

export function hashApiKey(key: string): string {
  // The one-shot hash: every authenticated request computes this, and it allocates no Hash object.
  return hash('sha256', key, 'hex');
}

/** The part of a key that is safe to show in listings. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

export function looksLikeApiKey(value: string): boolean {
  return value.length === KEY_PREFIX.length + 40 && value.startsWith(KEY_PREFIX) && /^[A-Za-z0-9]+$/.test(value.slice(4));
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
