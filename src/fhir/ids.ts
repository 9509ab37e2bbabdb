// Stable urn:uuid identifiers for the resources of one export: the same note gives the same
// ids on every request, so a receiver can de-duplicate re-exports.
import { createHash } from 'node:crypto';

export function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // RFC 9562 layout: version 8 (custom), variant 10.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function urnOf(uuid: string): string {
  return `urn:uuid:${uuid}`;
}
