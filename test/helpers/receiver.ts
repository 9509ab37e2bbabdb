// A real HTTP webhook receiver on loopback whose behaviour a test can script:
// answer 200, answer 500, hang past the sender's timeout, or not listen at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Behaviour = 'ok' | 'fail' | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; after them every request gets 'ok'. */
  script: Behaviour[];
  /** Stops listening (connections are refused) until start() is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  let server: http.Server | undefined;
  let port = 0;
  const receiver: Receiver = {
    url: '',
    received,
    script: [],
    async start() {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const behaviour = receiver.script.shift() ?? 'ok';
          if (behaviour === 'hang') {
            hanging.add(res);
            return;
          }
          if (behaviour === 'fail') return res.writeHead(500).end('nope');
          received.push({ headers: req.headers, body, at: Date.now() });
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      const current = server;
      server = undefined;
      if (current) {
        current.closeAllConnections();
        await new Promise<void>((resolve) => current.close(() => resolve()));
      }
    },
    close: () => receiver.stop(),
  };
  await receiver.start();
  return receiver;
}

export function eventIds(receiver: Receiver): Set<string> {
  return new Set(receiver.received.map((r) => String(r.headers['x-service-event-id'])));
}
