// A stand-in for a remote OpenAI-compatible chat-completions server (which cannot exist
// here), speaking the real protocol over HTTP. Its answers are scripted by the test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
}

export type Reply = { status?: number; content?: string };

export async function startFakeLlm(answer: (request: ChatRequest) => Reply): Promise<{ baseUrl: string; requests: ChatRequest[]; close(): Promise<void> }> {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      const request = JSON.parse(body) as ChatRequest;
      requests.push(request);
      const reply = answer(request);
      if (reply.status && reply.status !== 200) return res.writeHead(reply.status).end('{"error":{"message":"scripted failure"}}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          model: request.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
