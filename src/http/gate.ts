// The gate every request passes: authenticate for the route's family, count it against
// the caller's rate limit (an account, or the client address when there is none), then
// refuse what must be refused. Rate-limit headers go on every response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../store/accounts-repo.ts';
import type { AccountsService } from '../services/accounts-service.ts';
import type { RateDecision, RateLimiter } from '../ratelimit/limiter.ts';
import { ApiError } from './errors.ts';

export type AuthScheme = 'stable' | 'alpha' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
    /** The API key the request was authenticated with. */
    apiKeyId?: string;
  }
  interface FastifyContextConfig {
    auth?: AuthScheme;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(request, 'authorization') ?? '');
  return match?.[1];
}

export async function authenticate(
  accounts: AccountsService,
  request: FastifyRequest,
  scheme: AuthScheme,
): Promise<{ account?: Account; keyId?: string; error?: ApiError }> {
  if (scheme === 'none') return {};
  if (scheme === 'alpha') {
    const found = await accounts.authenticate(bearerToken(request));
    if (!found) return { error: new ApiError('unauthorized') };
    if (!found.account.alphaAccess) return { account: found.account, error: new ApiError('alpha_access_disabled') };
    return { account: found.account, keyId: found.keyId };
  }
  const found = await accounts.authenticate(header(request, 'x-api-key'));
  // A valid key with another account's id is as good as no key: never reveal which part was wrong.
  if (!found || found.account.id !== header(request, 'x-account-id')) return { error: new ApiError('unauthorized') };
  return { account: found.account, keyId: found.keyId };
}

export function setRateLimitHeaders(reply: FastifyReply, decision: RateDecision): void {
  reply.header('X-RateLimit-Limit', decision.limit);
  reply.header('X-RateLimit-Remaining', decision.remaining);
  reply.header('X-RateLimit-Reset', decision.resetAt);
}

export function retryAfterSeconds(decision: RateDecision): number {
  return Math.max(1, decision.resetAt - Math.floor(Date.now() / 1000));
}

export function createGate(accounts: AccountsService, limiter: RateLimiter, anonymousLimitPerMinute: number) {
  return async function gate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Fail closed: only the not-found handler has no scheme (every route must declare one).
    const scheme = request.routeOptions.config?.auth ?? (request.is404 ? 'none' : 'stable');
    const { account, keyId, error } = await authenticate(accounts, request, scheme);
    const decision = account
      ? await limiter.hit(account.id, 'requests', account.rateLimitPerMinute, 60)
      : await limiter.hit(`ip:${request.ip}`, 'requests', anonymousLimitPerMinute, 60);
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      reply.header('Retry-After', retryAfterSeconds(decision));
      throw new ApiError('rate_limited');
    }
    if (error) throw error;
    request.account = account;
    request.apiKeyId = keyId;
  };
}

/** The authenticated account of a route that declared an auth scheme. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new ApiError('unauthorized');
  return request.account;
}
