// A stand-in for a remote OpenAI-compatible speech server (whisper.cpp server,
// faster-whisper, vLLM), speaking the real protocol over HTTP: multipart POST to
// /v1/audio/transcriptions, verbose_json answers. The answers are scripted by the test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AsrRequest {
  model: string;
  responseFormat: string;
  granularities: string[];
  language?: string;
  fileName: string;
  fileBytes: number;
  authorization?: string;
}

export type AsrReply = { status?: number; body?: unknown };

export async function startFakeAsr(answer: (request: AsrRequest) => AsrReply): Promise<{ baseUrl: string; requests: AsrRequest[]; close(): Promise<void> }> {
  const requests: AsrRequest[] = [];
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // The platform's own multipart parser reads the form exactly as a real server would.
    const form = await new Request('http://asr/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
    const file = form.get('file');
    if (!(file instanceof File)) return res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"file is required"}}');
    const request: AsrRequest = {
      model: String(form.get('model')),
      responseFormat: String(form.get('response_format')),
      granularities: form.getAll('timestamp_granularities[]').map(String),
      language: form.get('language') === null ? undefined : String(form.get('language')),
      fileName: file.name,
      fileBytes: file.size,
      authorization: req.headers.authorization,
    };
    requests.push(request);
    const reply = answer(request);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
