// The gate every request passes: authenticate for the route's family, count it against
// the caller's rate limit (an account, or the client address when there is none), then
// refuse what must be refused. Rate-limit headers go on every response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../store/accounts-repo.ts';
import type { AccountsService, Authenticated } from '../services/accounts-service.ts';
import type { RateDecision, RateLimiter } from '../ratelimit/limiter.ts';
import { ApiError } from './errors.ts';

/**
 * 'none': no credentials, counted against the client address. 'probe' (liveness, readiness): the
 * same, but never refused for the rate limit, so a load balancer probing from a busy address
 * never takes a rate-limited node for a dead one (its answer still carries the headers).
 */
export type AuthScheme = 'stable' | 'alpha' | 'none' | 'probe';

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

type Verdict = { account?: Account; keyId?: string; error?: ApiError };

/** The credential a scheme reads: the Bearer token (alpha) or X-API-Key (stable). */
function credential(request: FastifyRequest, scheme: 'stable' | 'alpha'): string | undefined {
  return scheme === 'alpha' ? bearerToken(request) : header(request, 'x-api-key');
}

function judge(request: FastifyRequest, scheme: 'stable' | 'alpha', found: Authenticated | undefined): Verdict {
  if (scheme === 'alpha') {
    if (!found) return { error: new ApiError('unauthorized') };
    if (!found.account.alphaAccess) return { account: found.account, error: new ApiError('alpha_access_disabled') };
    return { account: found.account, keyId: found.keyId };
  }
  // A valid key with another account's id is as good as no key: never reveal which part was wrong.
  if (!found || found.account.id !== header(request, 'x-account-id')) return { error: new ApiError('unauthorized') };
  return { account: found.account, keyId: found.keyId };
}

export async function authenticate(accounts: AccountsService, request: FastifyRequest, scheme: AuthScheme): Promise<Verdict> {
  if (scheme === 'none' || scheme === 'probe') return {};
  return judge(request, scheme, await accounts.authenticate(credential(request, scheme)));
}

/** The verdict without waiting, when the key cache (or the key's shape) already knows it. */
function authenticateNow(accounts: AccountsService, request: FastifyRequest, scheme: AuthScheme): Verdict | undefined {
  if (scheme === 'none' || scheme === 'probe') return {};
  const found = accounts.cachedAuthentication(credential(request, scheme));
  return found === undefined ? undefined : judge(request, scheme, found ?? undefined);
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
  /** Counts the request and refuses what must be refused; returns the error to answer with. */
  function admit(request: FastifyRequest, reply: FastifyReply, scheme: AuthScheme, { account, keyId, error }: Verdict): ApiError | undefined {
    const decision = account
      ? limiter.count(account.id, 'requests', account.rateLimitPerMinute, 60)
      : limiter.count(`ip:${request.ip}`, 'requests', anonymousLimitPerMinute, 60);
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed && scheme !== 'probe') {
      reply.header('Retry-After', retryAfterSeconds(decision));
      return new ApiError('rate_limited');
    }
    if (error) return error;
    request.account = account;
    request.apiKeyId = keyId;
    return undefined;
  }

  /**
   * An onRequest hook in callback form: a cached key is admitted synchronously, with no
   * promise or store round trip; only a key the cache does not know waits for the store.
   * Called without `done` (the router's refusals), it returns a promise instead.
   */
  function gate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  function gate(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void;
  function gate(request: FastifyRequest, reply: FastifyReply, done?: (error?: Error) => void): Promise<void> | void {
    // Fail closed: only the not-found handler has no scheme (every route must declare one).
    const scheme = request.routeOptions.config?.auth ?? (request.is404 ? 'none' : 'stable');
    const now = authenticateNow(accounts, request, scheme);
    if (now && done) return done(admit(request, reply, scheme, now));
    const settled = (now ? Promise.resolve(now) : authenticate(accounts, request, scheme)).then((verdict) => {
      const error = admit(request, reply, scheme, verdict);
      if (error) throw error;
    });
    if (!done) return settled;
    settled.then(() => done(), done);
  }
  return gate;
}

/** The authenticated account of a route that declared an auth scheme. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new ApiError('unauthorized');
  return request.account;
}
