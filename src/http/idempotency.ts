// Idempotency-Key on POST: a repeat with the same key and body within 24 h gets the first
// response again instead of a second job; the same key with another body is refused (422).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyRepository } from '../store/idempotency-repo.ts';
import { ApiError } from './errors.ts';

const WINDOW_MS = 24 * 3600_000;

export interface Produced {
  status: number;
  body: unknown;
}

export async function idempotent(
  repo: IdempotencyRepository,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  produce: () => Promise<Produced>,
): Promise<FastifyReply> {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) {
    const produced = await produce();
    return reply.code(produced.status).send(produced.body);
  }
  if (key.length > 255) throw new ApiError('validation_error', 'Idempotency-Key must be at most 255 characters.');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const previous = await repo.find(accountId, key, new Date(Date.now() - WINDOW_MS).toISOString());
  if (previous) {
    if (previous.requestHash !== requestHash) throw new ApiError('idempotency_conflict');
    reply.header('Idempotent-Replayed', 'true');
    return reply.code(previous.statusCode).send(previous.body);
  }
  const produced = await produce();
  await repo.save(accountId, key, { requestHash, statusCode: produced.status, body: produced.body }, new Date().toISOString());
  return reply.code(produced.status).send(produced.body);
}
