import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric string; rejection sampling keeps the distribution uniform. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export type IdPrefix = 'note' | 'coding' | 'tr' | 'template' | 'consensus' | 'whk' | 'acct' | 'key' | 'evt' | 'dlv';

/** Public identifiers: `<prefix>_<alphanumeric>` (DESIGN §4). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomAlphanumeric(24)}`;
}
