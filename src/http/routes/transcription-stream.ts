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
import type { StreamGrant } from '../../services/stream-tokens.ts';

const StreamQuery = Type.Object({
  sample_rate: Type.Optional(Type.Integer({ minimum: 8000, maximum: 48000 })),
  encoding: Type.Optional(Type.String({ maxLength: 20 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  account_id: Type.Optional(Type.String({ maxLength: 100 })),
  api_token: Type.Optional(Type.String({ maxLength: 500, description: 'A stream token (cst_…); an API key is never accepted in a URL' })),
});

type StreamRequest = FastifyRequest<{ Querystring: Static<typeof StreamQuery> }> & { grant?: StreamGrant };

/** What the streaming routes reach: stream tokens, key checks, the speech engine and the session limits. */
export type TranscriptionStreamRouteDeps = Pick<AppDeps, 'accounts' | 'config' | 'engines' | 'streamTokens'>;

/**
 * A stream token from the query, or the usual auth headers. An API key in the URL is
 * refused: URLs end up in proxy logs and browser history.
 */
async function streamGrant(deps: Pick<TranscriptionStreamRouteDeps, 'accounts' | 'streamTokens'>, request: StreamRequest): Promise<StreamGrant> {
  const { api_token: token, account_id: accountId } = request.query;
  const grant = await deps.streamTokens.verify(token);
  if (grant && (!accountId || accountId === grant.accountId) && (await deps.accounts.isKeyActive(grant.keyId))) return grant;
  const { account, keyId } = await authenticate(deps.accounts, request, 'stable');
  if (account && keyId) return { accountId: account.id, keyId };
  throw new ApiError('unauthorized');
}

/** Open live sessions on this node, in all and per account: each runs a recognizer. */
class OpenSessions {
  private total = 0;
  private readonly byAccount = new Map<string, number>();

  constructor(private readonly limits: TranscriptionStreamRouteDeps['config']['streaming']) {}

  /** Why a new session of this account cannot open now, or null (and it is counted). */
  take(accountId: string): string | null {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.limits.maxSessionsPerAccount) {
      return `At most ${this.limits.maxSessionsPerAccount} live transcriptions may be open at once per account (CLINSCRIBE_MAX_STREAMS_PER_ACCOUNT); close one and try again.`;
    }
    if (this.total >= this.limits.maxSessions) return `The server is at its limit of ${this.limits.maxSessions} live transcriptions (CLINSCRIBE_MAX_STREAMS); try again later.`;
    this.total++;
    this.byAccount.set(accountId, mine + 1);
    return null;
  }

  release(accountId: string): void {
    this.total--;
    const left = (this.byAccount.get(accountId) ?? 1) - 1;
    if (left > 0) this.byAccount.set(accountId, left);
    else this.byAccount.delete(accountId);
  }
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

/** Closes the socket with a reason the client can read first. */
function refuse(socket: WebSocket, code: number, error: string, reason: string): void {
  send(socket, { type: 'error', error });
  socket.close(code, reason);
}

/** The configured recognizer opened for this query, or undefined once the socket is refused with why. */
function openRecognizer(socket: WebSocket, speech: TranscriptionStreamRouteDeps['engines']['speech'], query: Static<typeof StreamQuery>): StreamingSession | undefined {
  if (!speech.openStream) return void refuse(socket, 1011, 'Streaming is not available with the configured speech engine.', 'streaming unavailable');
  if (query.language && speech.languages && !speech.languages.includes(query.language.split('-')[0].toLowerCase())) {
    return void refuse(socket, 1008, `language "${query.language}" is not supported.`, 'unsupported language');
  }
  try {
    return speech.openStream({ sampleRate: query.sample_rate ?? 16000, encoding: query.encoding ?? 'linear16', language: query.language });
  } catch (error) {
    return void refuse(socket, 1011, error instanceof Error ? error.message : 'Could not start streaming.', 'streaming unavailable');
  }
}

/**
 * One open session until it ends: audio frames in, transcripts out, closed at the length limit,
 * after an idle spell, when its key is revoked, or when either side stops. `release` frees its slot.
 */
function runSession(socket: WebSocket, session: StreamingSession, grant: StreamGrant, release: () => void, deps: TranscriptionStreamRouteDeps): void {
  let ended = false;
  const finish = async (code: number, reason?: string) => {
    if (ended) return;
    ended = true;
    release();
    clearTimeout(limit);
    clearInterval(watch);
    if (reason) send(socket, { type: 'error', error: reason });
    await session.end().catch(() => {});
    if (socket.readyState === socket.OPEN) socket.close(code);
  };
  const { maxSeconds, idleSeconds } = deps.config.streaming;
  const limit = setTimeout(() => void finish(1000, `The session reached its maximum length of ${maxSeconds} s (CLINSCRIBE_STREAM_MAX_SECONDS).`), maxSeconds * 1000);
  let lastFrameAt = Date.now();
  // Idle sessions hold a recognizer for nothing; a revoked key ends its sessions too.
  const watch = setInterval(async () => {
    if (Date.now() - lastFrameAt >= idleSeconds * 1000) return void finish(1000, `No audio for ${idleSeconds} s (CLINSCRIBE_STREAM_IDLE_SECONDS); the session was closed.`);
    if (!(await deps.accounts.isKeyActive(grant.keyId).catch(() => true))) void finish(1008, 'The API key of this session was revoked.');
  }, Math.min(idleSeconds * 1000, 5000) / 2);
  session.on('transcript', (message) => send(socket, message));
  // A session's error is final (its recognizer has stopped): say why and close.
  session.on('error', (error) => {
    send(socket, { type: 'error', error: error.message });
    void finish(1011);
  });
  send(socket, { type: 'status', status: 'connected' });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (ended) return;
    lastFrameAt = Date.now();
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
}

/** POST …/stream/token: a short-lived token the browser puts in the WebSocket URL instead of a key. */
const tokenRoute = (deps: TranscriptionStreamRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
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
      const keyId = request.apiKeyId;
      if (!keyId) throw new ApiError('unauthorized');
      const { token, expiresAt } = await deps.streamTokens.issue({ accountId: account.id, keyId }, request.body.expiresIn ?? 300);
      return { token, data: { token, expires_at: expiresAt } };
    },
  );
};

/** GET …/stream: the WebSocket itself, one counted session per connection. */
const socketRoute = (deps: TranscriptionStreamRouteDeps): FastifyPluginAsyncTypebox => async (app) => {
  const open = new OpenSessions(deps.config.streaming);
  app.get(
    '/v1/audio/transcriptions/stream',
    {
      websocket: true,
      config: { auth: 'none' },
      schema: { tags: ['audio transcriptions'], summary: 'Live transcription over WebSocket', querystring: StreamQuery },
      preValidation: async (request) => {
        const streamRequest = request as StreamRequest;
        streamRequest.grant = await streamGrant(deps, streamRequest);
      },
    },
    (socket, request) => {
      const grant = (request as StreamRequest).grant as StreamGrant;
      const refusal = open.take(grant.accountId);
      if (refusal) return refuse(socket, 1013, refusal, 'too many streams');
      let released = false;
      const release = () => {
        if (!released) open.release(grant.accountId);
        released = true;
      };
      socket.on('close', release);
      const session = openRecognizer(socket, deps.engines.speech, request.query as Static<typeof StreamQuery>);
      if (session) runSession(socket, session, grant, release, deps);
    },
  );
};

export function transcriptionStreamRoutes(deps: TranscriptionStreamRouteDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    await tokenRoute(deps)(app, {});
    await socketRoute(deps)(app, {});
  };
}
