// Fuzz properties over the real service in a child process: every endpoint of /openapi.json
// with arbitrary and hostile JSON bodies, headers, multipart parts and audio bytes, and
// WebSocket frames. Each answer must come within the deadline, never be a 5xx, and the
// process must stay up with /healthz answering. Shared by `npm test` (bounded) and
// `npm run bench -- fuzz` (long).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import WebSocket from 'ws';
import { multipart } from '../helpers/audio.ts';
import { runCli, startProcess, stopGracefully } from '../helpers/processes.ts';

export interface FuzzOptions {
  /** Runs per property. */
  runs: number;
  /** An answer slower than this counts as a hang. */
  hangMs: number;
  seed?: number;
}

export function fuzzOptions(env: NodeJS.ProcessEnv = process.env, runs = 8): FuzzOptions {
  return {
    runs: Number(env.CLINSCRIBE_FUZZ_RUNS ?? runs),
    hangMs: Number(env.CLINSCRIBE_FUZZ_HANG_MS ?? 30_000),
    ...(env.CLINSCRIBE_FUZZ_SEED && { seed: Number(env.CLINSCRIBE_FUZZ_SEED) }),
  };
}

export interface Target {
  url: string;
  child: ChildProcess;
  headers: { stable: Record<string, string>; alpha: Record<string, string> };
  /** Lines the server wrote to stderr: a crash report shows up here. */
  stderr: () => string;
  /** How many answers of each status the properties got (for the bench's table). */
  statuses: Map<number, number>;
  close(): Promise<void>;
}

/** The real service, with embedded engines and SQLite in a fresh data directory. */
export async function startTarget(extraEnv: Record<string, string> = {}): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-fuzz-'));
  // The per-IP limit on requests without a key (socket upgrades, /healthz, bad keys) is raised like the
  // account's own: from one address, 500 socket runs would otherwise meet the limiter, not the engines.
  const env = { CLINSCRIBE_DATA_DIR: dataDir, CLINSCRIBE_LOG_LEVEL: 'warn', CLINSCRIBE_JOB_TIMEOUT_MS: '20000', CLINSCRIBE_RATE_LIMIT_PER_MINUTE: '1000000', ...extraEnv };
  const created = await runCli(['accounts', 'create', '--name', 'Fuzz clinic', '--alpha', '--rate-limit', '1000000'], env);
  if (created.code !== 0) throw new Error(`could not create the fuzz account: ${created.stderr.slice(-500)}`);
  const { api_key: key, account_id: accountId } = JSON.parse(created.stdout);
  const { child, url } = await startProcess(['bin/clinscribe.js', 'serve', '--port', '0', '--host', '127.0.0.1'], env);
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return {
    url,
    child,
    headers: { stable: { 'x-api-key': key, 'x-account-id': accountId }, alpha: { authorization: `Bearer ${key}` } },
    stderr: () => stderr,
    statuses: new Map(),
    async close() {
      if (child.exitCode === null) await stopGracefully(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- inputs

/** Text that has tripped regex engines and parsers: runs of quotes, brackets, dots, spaces. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc
    .tuple(fc.constantFrom("'", '(', ')', '[', '.', ',', ' ', '-', '"', '\\', '*', '\n', 'a', '1', 'mg', 'no'), fc.integer({ min: 1, max: 3000 }))
    .map(([unit, n]) => unit.repeat(n)),
  fc
    .array(fc.constantFrom('[doctor]', '[patient]', 'Doctor:', 'pain', '(hypertension)', "isn't", 'no', 'mg', '10', 'BP 120/80', '?', '...', '((('), { maxLength: 400 })
    .map((words) => words.join(' ')),
);

/** Schemas that are odd, deep, recursive or demanding, next to arbitrary JSON. */
const hostileSchema = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant({ $ref: '#' }),
  fc.constant({ type: 'object', required: ['a'], properties: { a: { $ref: '#' } } }),
  fc.integer({ min: 1, max: 60 }).map((n) => ({ type: 'array', minItems: n, items: { type: 'array', minItems: n, items: { type: 'string', minLength: n } } })),
  fc.integer({ min: 1_000_000, max: 100_000_000 }).map((n) => ({ type: 'object', required: ['s'], properties: { s: { type: 'string', minLength: n } } })),
  fc.constantFrom('^(a+)+$', '^(?:a{1,12}){1,12}$', '(x|x)*y', '\\1(a)', '(?<=a)b', '[').map((pattern) => ({
    type: 'object',
    required: ['s'],
    properties: { s: { type: 'string', pattern } },
  })),
  fc.integer({ min: 2, max: 400 }).map((depth) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < depth; i++) schema = { type: 'object', required: ['x'], properties: { x: schema } };
    return schema;
  }),
);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Values shaped like the schema says (so requests get past validation to the engines), with hostile leaves. */
function fromSchema(schema: JsonSchema | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  if (/schema/i.test(name)) return hostileSchema;
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => fromSchema(b, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return hostileText;
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 100 }), fc.integer());
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 100 }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema(schema.items, name, depth + 1), { maxLength: 6 });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
      const shape = Object.fromEntries(keys.map((k) => [k, fromSchema(props[k], k, depth + 1)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) });
    }
    default:
      return fc.oneof(hostileText, fc.jsonValue({ maxDepth: 3 }));
  }
}

/** Mostly bodies shaped by the operation's schema, sometimes anything at all. */
function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: fromSchema(schema, '', 0) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 5 }) });
}

// ---------------------------------------------------------------- checks

export interface Answer {
  status: number;
  ms: number;
}

/** One request with the hang deadline; a timeout or a dropped connection throws. */
export async function call(target: Target, init: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer }, hangMs: number): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(target.url + init.path, {
    method: init.method,
    headers: init.headers,
    body: typeof init.body === 'string' || init.body === undefined ? init.body : new Uint8Array(init.body),
    signal: AbortSignal.timeout(hangMs),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** The property every answer must keep; says which request broke it, never its body (PHI rule). */
export async function assertAnswer(target: Target, request: { method: string; path: string }, answer: Promise<Answer>): Promise<void> {
  let got: Answer;
  try {
    got = await answer;
  } catch (error) {
    throw new Error(`${request.method} ${request.path}: no answer (${(error as Error).name}); server alive: ${target.child.exitCode === null}`);
  }
  target.statuses.set(got.status, (target.statuses.get(got.status) ?? 0) + 1);
  if (got.status >= 500 && got.status !== 503) throw new Error(`${request.method} ${request.path}: answered ${got.status}`);
  if (target.child.exitCode !== null) throw new Error(`${request.method} ${request.path}: the server exited`);
}

export interface Operation {
  method: string;
  path: string;
  auth: 'stable' | 'alpha';
  body?: JsonSchema;
}

/** Every JSON operation of the API description, with its body schema. */
export async function operations(target: Target): Promise<Operation[]> {
  const spec = (await (await fetch(`${target.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Operation['body'] }> } }>>;
  };
  const ops: Operation[] = [];
  for (const [template, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method === 'head') continue;
      const content = op.requestBody?.content;
      if (content && !content['application/json']) continue; // multipart: its own property
      ops.push({ method: method.toUpperCase(), path: template, auth: template.startsWith('/alpha/') ? 'alpha' : 'stable', body: content?.['application/json']?.schema });
    }
  }
  return ops;
}

const pathParam = fc.oneof(fc.constantFrom('x', 'note_1', '..', '%2e%2e', 'a'.repeat(300)), fc.string({ minLength: 1, maxLength: 40 }));

/** JSON bodies (and path parameters) for every operation. */
export function jsonBodies(target: Target, ops: Operation[], hangMs: number) {
  const op = fc.constantFrom(...ops).chain((o) => fc.tuple(fc.constant(o), bodyFor(o.body), pathParam));
  return fc.asyncProperty(op, async ([o, body, param]) => {
    const path = o.path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
    const headers = { ...target.headers[o.auth], 'content-type': 'application/json' };
    const payload = o.method === 'GET' || o.method === 'DELETE' ? undefined : JSON.stringify(body);
    await assertAnswer(target, { method: o.method, path: o.path }, call(target, { method: o.method, path, headers, body: payload }, hangMs));
  });
}

const headerValue = fc.oneof(
  fc.string({ maxLength: 300 }).filter((s) => /^[\t\x20-\x7e]*$/.test(s)),
  fc.constantFrom('', 'Bearer', 'Bearer ' + 'a'.repeat(5000), 'application/json; charset=utf-16', 'multipart/form-data', '*/*', 'text/plain'),
);

/** Arbitrary values in the headers the service reads. */
export function headers(target: Target, ops: Operation[], hangMs: number) {
  const names = fc.constantFrom('x-api-key', 'x-account-id', 'authorization', 'content-type', 'idempotency-key', 'x-forwarded-for', 'x-request-id', 'accept');
  return fc.asyncProperty(fc.constantFrom(...ops), fc.dictionary(names, headerValue, { maxKeys: 4 }), async (o, extra) => {
    const path = o.path.replace(/\{[^}]+\}/g, 'x');
    const body = o.method === 'POST' || o.method === 'PATCH' ? '{}' : undefined;
    const sent = { ...target.headers[o.auth], 'content-type': 'application/json', ...extra };
    await assertAnswer(target, { method: o.method, path: o.path }, call(target, { method: o.method, path, headers: sent, body }, hangMs));
  });
}

/** Multipart uploads with arbitrary fields and audio bytes (headers of real formats included). */
export function uploads(target: Target, hangMs: number) {
  const magic = fc.constantFrom(Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.from('fLaC'), Buffer.from('ID3'), Buffer.from('OggS'), Buffer.alloc(0));
  const audio = fc.tuple(magic, fc.uint8Array({ maxLength: 4096 })).map(([head, rest]) => Buffer.concat([head, Buffer.from(rest)]));
  const field = fc.tuple(fc.constantFrom('diarize', 'language', 'prompt', 'model', 'speakers', 'timestamps', 'x'), hostileText);
  return fc.asyncProperty(audio, fc.array(field, { maxLength: 5 }), fc.constantFrom('file', 'audio', 'upload'), async (bytes, fields, fileField) => {
    const form = multipart([...fields.map(([name, value]) => ({ name, value })), { name: fileField, value: bytes, filename: 'a.wav' }]);
    const sent = { ...target.headers.stable, 'content-type': form.contentType };
    await assertAnswer(target, { method: 'POST', path: '/v2/audio/transcriptions' }, call(target, { method: 'POST', path: '/v2/audio/transcriptions', headers: sent, body: form.body }, hangMs));
  });
}

/** Arbitrary frames on the live transcription socket; the server must stay up and answer. */
export function socketFrames(target: Target, hangMs: number) {
  const frame = fc.oneof(
    fc.uint8Array({ maxLength: 8192 }).map((b) => ({ binary: true, data: Buffer.from(b) })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ binary: false, data: JSON.stringify(v) })),
    fc.string({ maxLength: 500 }).map((s) => ({ binary: false, data: JSON.stringify({ audio: s }) })),
    fc.string({ maxLength: 200 }).map((s) => ({ binary: false, data: s })),
  );
  return fc.asyncProperty(fc.array(frame, { maxLength: 20 }), async (frames) => {
    const tokenAnswer = await fetch(`${target.url}/v1/audio/transcriptions/stream/token`, { method: 'POST', headers: { ...target.headers.stable, 'content-type': 'application/json' }, body: '{}' });
    const { token } = (await tokenAnswer.json()) as { token: string };
    const socket = new WebSocket(`${target.url.replace('http', 'ws')}/v1/audio/transcriptions/stream?api_token=${token}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
    });
    for (const f of frames) socket.send(f.data, { binary: f.binary });
    socket.close();
    await assertAnswer(target, { method: 'GET', path: '/healthz' }, call(target, { method: 'GET', path: '/healthz' }, Math.min(hangMs, 5000)));
  });
}

export async function check(property: fc.IAsyncProperty<any>, options: FuzzOptions): Promise<void> {
  await fc.assert(property, { numRuns: options.runs, endOnFailure: true, ...(options.seed !== undefined && { seed: options.seed }) });
}
