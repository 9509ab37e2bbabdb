// A forwarding proxy in front of the real server that can answer the next requests with an
// error (before forwarding, or after: the "lost answer" case), and records what it saw.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  idempotencyKey?: string;
  /** The server's answer that the proxy replaced with an error, if it forwarded first. */
  forwardedBody?: string;
}

export interface FlakyProxy {
  url: string;
  seen: Seen[];
  failNext(plan: { times: number; status: number; retryAfterSeconds?: number; afterForwarding?: boolean }): void;
  close(): Promise<void>;
}

async function forward(target: string, req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: Headers; body: string }> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers.set(k, v);
  const res = await fetch(new URL(req.url!, target), { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method!) ? undefined : new Uint8Array(body) });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

export async function startFlakyProxy(target: string): Promise<FlakyProxy> {
  const seen: Seen[] = [];
  let plan: { times: number; status: number; retryAfterSeconds?: number; afterForwarding?: boolean } | undefined;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const entry: Seen = { method: req.method!, path: req.url!, idempotencyKey: req.headers['idempotency-key'] as string | undefined };
    seen.push(entry);
    if (plan && plan.times > 0) {
      plan.times--;
      if (plan.afterForwarding) entry.forwardedBody = (await forward(target, req, body)).body;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (plan.retryAfterSeconds !== undefined) headers['retry-after'] = String(plan.retryAfterSeconds);
      res.writeHead(plan.status, headers).end(JSON.stringify({ status: 'error', data: { message: 'injected by the test proxy', code: 'unavailable', validationErrors: {} } }));
      return;
    }
    const answer = await forward(target, req, body);
    const headers: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(k)) headers[k] = v;
    });
    res.writeHead(answer.status, headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    failNext(next) {
      plan = { ...next };
      seen.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
