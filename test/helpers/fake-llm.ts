// A stand-in for a remote OpenAI-compatible chat-completions server (which cannot exist
// here), speaking the real protocol over HTTP. Its answers are scripted by the test:
// content, status with headers (429 + Retry-After), a delay (slow answers), a dropped
// connection, a finish reason (truncation) and token usage.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
  stream?: boolean;
}

export type Reply = {
  status?: number;
  content?: string;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (a slow server). */
  delayMs?: number;
  /** Close the connection without an answer. */
  hangUp?: boolean;
  finishReason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

export interface FakeLlm {
  baseUrl: string;
  requests: ChatRequest[];
  close(): Promise<void>;
}

export async function startFakeLlm(answer: (request: ChatRequest) => Reply | Promise<Reply>): Promise<FakeLlm> {
  const requests: ChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      const request = JSON.parse(body) as ChatRequest;
      requests.push(request);
      const reply = await answer(request);
      if (reply.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => (timers.delete(timer), resolve()), reply.delayMs);
          timers.add(timer);
        });
      }
      if (res.destroyed) return;
      if (reply.hangUp) return req.socket.destroy();
      if (reply.status && reply.status !== 200) {
        return res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end('{"error":{"message":"scripted failure"}}');
      }
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          model: request.model,
          choices: [{ index: 0, finish_reason: reply.finishReason ?? 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
          usage: reply.usage ?? { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
