// Webhook signatures: `x-service-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
// During a secret rotation the header carries one v1 per valid secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(rawBody: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export function signatureHeader(rawBody: string, secrets: string[], timestamp = Math.floor(Date.now() / 1000)): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${sign(rawBody, s, timestamp)}`)].join(',');
}

/**
 * For receivers: true when `header` holds a valid signature of `rawBody` (the exact bytes
 * received, before JSON parsing) made with `secret` within `toleranceSeconds` of now.
 */
export function verifySignature(rawBody: string | Buffer, header: string | undefined, secret: string, toleranceSeconds = 300): boolean {
  if (!header) return false;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value ?? '')) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(rawBody.toString(), secret, timestamp), 'hex');
  return candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
}
