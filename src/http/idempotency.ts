// Idempotency-Key on POST: a repeat with the same key and body within 24 h gets the first
// response again instead of a second job; the same key with another body is refused (422).
// The key is reserved before the request runs, so a concurrent repeat does not run too: it
// is answered 409 with Retry-After while the first is in progress, and replays afterwards.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyKeys, StoredResponse } from '../store/idempotency-repo.ts';
import { ApiError } from './errors.ts';

const WINDOW_MS = 24 * 3600_000;
/** A reservation this old belongs to a request that died (requests time out after 120 s). */
const STALE_RESERVATION_MS = 5 * 60_000;
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

export interface Produced {
  status: number;
  body: unknown;
  /** The resource the request created: its idempotency record is deleted with it. */
  resourceId?: string;
}

export interface IdempotencyOptions {
  /**
   * What identifies the request instead of its parsed body, for requests whose body is
   * streamed (multipart uploads): the form fields and the file's digest.
   */
  fingerprint?: unknown;
}

export async function idempotent(
  repo: IdempotencyKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  produce: () => Promise<Produced>,
  options: IdempotencyOptions = {},
): Promise<FastifyReply> {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) {
    const produced = await produce();
    return reply.code(produced.status).send(produced.body);
  }
  if (key.length > 255) throw new ApiError('validation_error', 'Idempotency-Key must be at most 255 characters.');
  const identity = 'fingerprint' in options ? options.fingerprint : request.body;
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(identity ?? null)}`)
    .digest('hex');
  const now = Date.now();
  const held = await repo.reserve(accountId, key, requestHash, {
    now: new Date(now).toISOString(),
    notBefore: new Date(now - WINDOW_MS).toISOString(),
    staleBefore: new Date(now - STALE_RESERVATION_MS).toISOString(),
  });
  if (!held.reserved) {
    if (held.requestHash !== requestHash) throw new ApiError('idempotency_conflict');
    if (held.inProgress) {
      reply.header('Retry-After', IN_PROGRESS_RETRY_AFTER_SECONDS);
      throw new ApiError('idempotency_in_progress');
    }
    reply.header('Idempotent-Replayed', 'true');
    return reply.code(held.response.statusCode).send(held.response.body);
  }
  let produced: Produced;
  try {
    produced = await produce();
  } catch (error) {
    // Errors are not stored: the key is free again for a corrected or retried request.
    await repo.release(accountId, key, requestHash).catch(() => {});
    throw error;
  }
  await keepResponse(repo, request, accountId, key, { requestHash, statusCode: produced.status, body: produced.body, resourceId: produced.resourceId });
  return reply.code(produced.status).send(produced.body);
}

const KEEP_ATTEMPTS = 3;

/**
 * Stores the response for replays, retrying a failing store: the work is done (a job may
 * be committed), so the caller still gets its answer. Should the store stay down, a repeat
 * is answered 409 until the reservation goes stale.
 */
async function keepResponse(repo: IdempotencyKeys, request: FastifyRequest, accountId: string, key: string, response: StoredResponse): Promise<void> {
  for (let attempt = 1; attempt <= KEEP_ATTEMPTS; attempt++) {
    try {
      await repo.complete(accountId, key, response);
      return;
    } catch (error) {
      if (attempt === KEEP_ATTEMPTS) {
        request.log.error({ msg: 'could not store the idempotent response', err: (error as Error).name });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
