// One outgoing webhook POST. The connection's address is checked at connect time (custom
// lookup), so a name that resolves inward after registration is still refused.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
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
      const list = addresses as unknown as dns.LookupAddress[];
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused) return callback(new Error('refused: address is private'), '', 4);
      if ((options as { all?: boolean }).all) return (callback as any)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

export function postJson(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume(); // the answer's body is not needed; drain it so the socket is freed
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null, latencyMs: elapsed() }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? null, error: 'response aborted', latencyMs: elapsed() }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const message = error.message.startsWith('refused') ? error.message : error.message === 'timeout' ? 'timeout' : (error as NodeJS.ErrnoException).code ?? 'connection error';
      resolve({ statusCode: null, error: message, latencyMs: elapsed() });
    });
    request.end(body);
  });
}
