// Live transcription: a stream token, then a WebSocket that takes audio and answers with
// interim and final transcripts (DESIGN §4 message types).
import { type Static, Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppDeps } from '../../app-deps.ts';
import type { StreamingSession } from '../../engines/ports.ts';
import { ApiError } from '../errors.ts';
import { accountOf, authenticate } from '../gate.ts';
import { StableHeaders, stableErrors } from '../schemas.ts';

const StreamQuery = Type.Object({
  sample_rate: Type.Optional(Type.Integer({ minimum: 8000, maximum: 48000 })),
  encoding: Type.Optional(Type.String({ maxLength: 20 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  account_id: Type.Optional(Type.String({ maxLength: 100 })),
  api_token: Type.Optional(Type.String({ maxLength: 500 })),
});

const MAX_SESSION_MS = 4 * 3600_000;
/** Live sessions one account may hold open on one node: each runs a recognizer. */
export const MAX_STREAMS_PER_ACCOUNT = 4;

/** Stream token (or API key + account id) from the query, or the usual auth headers. */
async function streamAccount(deps: AppDeps, request: FastifyRequest<{ Querystring: Static<typeof StreamQuery> }>) {
  const { api_token: token, account_id: accountId } = request.query;
  const fromToken = await deps.streamTokens.verify(token);
  if (fromToken && (!accountId || accountId === fromToken)) return fromToken;
  if (token && accountId) {
    const found = await deps.accounts.authenticate(token);
    if (found && found.account.id === accountId) return accountId;
  }
  const { account } = await authenticate(deps.accounts, request, 'stable');
  if (account) return account.id;
  throw new ApiError('unauthorized');
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function decodeFrame(data: Buffer, isBinary: boolean): { audio?: Buffer; stop?: boolean; error?: string } {
  if (isBinary) return { audio: data };
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return { error: 'Frames must be JSON {"audio": "<base64>"} or binary audio.' };
  }
  if (typeof message !== 'object' || message === null) return { error: 'Frames must be JSON objects.' };
  const frame = message as Record<string, unknown>;
  if (frame.type === 'stop' || frame.type === 'CloseStream') return { stop: true };
  if (typeof frame.audio !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(frame.audio)) {
    return { error: 'The "audio" field must be base64-encoded audio.' };
  }
  return { audio: Buffer.from(frame.audio, 'base64') };
}

export function transcriptionStreamRoutes(deps: AppDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Open live sessions per account on this node.
    const open = new Map<string, number>();
    app.post(
      '/v1/audio/transcriptions/stream/token',
      {
        config: { auth: 'stable' },
        // The body is optional: no body means the default expiry.
        preValidation: async (request) => {
          request.body ??= {};
        },
        schema: {
          tags: ['audio transcriptions'],
          summary: 'Issue a short-lived token for the streaming WebSocket',
          headers: StableHeaders,
          body: Type.Object({ expiresIn: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600 })) }),
          response: {
            200: Type.Object({
              token: Type.String(),
              data: Type.Object({ token: Type.String(), expires_at: Type.String() }),
            }),
            ...stableErrors(400),
          },
        },
      },
      // Idempotency-Key is not honoured here: replaying would mean keeping the token in the
      // clear for a day. A repeated call just mints another short-lived token.
      async (request) => {
        const account = accountOf(request);
        const { token, expiresAt } = await deps.streamTokens.issue(account.id, request.body.expiresIn ?? 300);
        return { token, data: { token, expires_at: expiresAt } };
      },
    );

    app.get(
      '/v1/audio/transcriptions/stream',
      {
        websocket: true,
        config: { auth: 'none' },
        schema: { tags: ['audio transcriptions'], summary: 'Live transcription over WebSocket', querystring: StreamQuery },
        preValidation: async (request) => {
          (request as FastifyRequest & { streamAccountId?: string }).streamAccountId = await streamAccount(deps, request as any);
        },
      },
      (socket, request) => {
        const accountId = (request as FastifyRequest & { streamAccountId?: string }).streamAccountId!;
        if ((open.get(accountId) ?? 0) >= MAX_STREAMS_PER_ACCOUNT) {
          send(socket, { type: 'error', error: `At most ${MAX_STREAMS_PER_ACCOUNT} live transcriptions may be open at once; close one and try again.` });
          socket.close(1013, 'too many streams');
          return;
        }
        const speech = deps.engines.speech;
        const query = request.query as Static<typeof StreamQuery>;
        if (!speech.openStream) {
          send(socket, { type: 'error', error: 'Streaming is not available with the configured speech engine.' });
          socket.close(1011, 'streaming unavailable');
          return;
        }
        if (query.language && speech.languages && !speech.languages.includes(query.language.split('-')[0].toLowerCase())) {
          send(socket, { type: 'error', error: `language "${query.language}" is not supported.` });
          socket.close(1008, 'unsupported language');
          return;
        }
        let session: StreamingSession;
        try {
          session = speech.openStream({ sampleRate: query.sample_rate ?? 16000, encoding: query.encoding ?? 'linear16', language: query.language });
        } catch (error) {
          send(socket, { type: 'error', error: error instanceof Error ? error.message : 'Could not start streaming.' });
          socket.close(1011, 'streaming unavailable');
          return;
        }
        let ended = false;
        open.set(accountId, (open.get(accountId) ?? 0) + 1);
        const finish = async (code: number) => {
          if (ended) return;
          ended = true;
          open.set(accountId, open.get(accountId)! - 1);
          if (open.get(accountId) === 0) open.delete(accountId);
          clearTimeout(limit);
          await session.end().catch(() => {});
          if (socket.readyState === socket.OPEN) socket.close(code);
        };
        const limit = setTimeout(() => void finish(1000), MAX_SESSION_MS);
        session.on('transcript', (message) => send(socket, message));
        // A session's error is final (its recognizer has stopped): say why and close.
        session.on('error', (error) => {
          send(socket, { type: 'error', error: error.message });
          void finish(1011);
        });
        send(socket, { type: 'status', status: 'connected' });
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          if (ended) return;
          const frame = decodeFrame(data, isBinary);
          if (frame.error) return send(socket, { type: 'error', error: frame.error });
          if (frame.stop) return void finish(1000);
          // Faster than the recognizer keeps up: stop reading the socket until it has caught up.
          if (frame.audio?.length && !session.push(frame.audio)) {
            socket.pause();
            session.once('drain', () => socket.resume());
          }
        });
        socket.on('close', () => void finish(1000));
        socket.on('error', () => void finish(1011));
      },
    );
  };
}
