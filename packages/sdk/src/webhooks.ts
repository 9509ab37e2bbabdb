// Verifies a clinscribe webhook delivery: `x-service-signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<raw body>">`, one v1 per valid secret during a rotation.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * True when `signatureHeader` holds a signature of `rawBody` (the exact bytes received,
 * before any JSON parsing) made with `secret` within `toleranceSeconds` of now.
 */
export function verifyWebhook(rawBody: string | Buffer | Uint8Array, signatureHeader: string | null | undefined, secret: string, toleranceSeconds = 300): boolean {
  if (!signatureHeader || !secret) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && HEX_SHA256.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest();
  return candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
}
