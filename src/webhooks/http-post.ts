// One outgoing webhook POST. The connection's address is checked at connect time (custom
// lookup, or the URL's own IP literal), so a name that resolves inward after registration
// is still refused.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { isPrivateAddress } from './url-guard.ts';

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused) return callback(new Error('refused: address is private'), '', 4);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * POSTs `body` and resolves with the answer's status as soon as its headers arrive; the
 * answer's body is never read. `timeoutMs` bounds the whole attempt (connect, send, wait
 * for the headers), not only idle gaps, so a receiver trickling bytes cannot hold it.
 */
export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  // An address written into the URL is never looked up, so the lookup's check does not see
  // it: check it here, at every delivery, not only when the endpoint was registered.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) {
    return Promise.resolve({ statusCode: null, error: 'refused: address is private', latencyMs: elapsed() });
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Omit<PostResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        settle({ statusCode: response.statusCode ?? null, error: null });
        // The answer's body is not needed: drop the connection rather than read an unbounded body.
        response.destroy();
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const message = error.message.startsWith('refused') ? error.message : error.message === 'timeout' ? 'timeout' : (error as NodeJS.ErrnoException).code ?? 'connection error';
      settle({ statusCode: null, error: message });
    });
    request.end(body);
  });
}
