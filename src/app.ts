// Builds the HTTP app without listening: server.ts listens, tests use app.inject().
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import underPressure from '@fastify/under-pressure';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './app-deps.ts';
import { dashboardRoutes } from './http/dashboard/routes.ts';
import { ApiError, renderError, routeFamily } from './http/errors.ts';
import { type AuthScheme, createGate } from './http/gate.ts';
import { codingsRoutes } from './http/routes/codings.ts';
import { consensusRoutes } from './http/routes/consensus.ts';
import { docsRoutes } from './http/routes/docs.ts';
import { fhirRoutes } from './http/routes/fhir.ts';
import { healthRoutes } from './http/routes/health.ts';
import { noteStylesRoutes } from './http/routes/note-styles.ts';
import { noteTemplatesRoutes } from './http/routes/note-templates.ts';
import { notesRoutes } from './http/routes/notes.ts';
import { textToJsonRoutes } from './http/routes/text-to-json.ts';
import { transcriptionStreamRoutes } from './http/routes/transcription-stream.ts';
import { transcriptionsRoutes } from './http/routes/transcriptions.ts';
import { webhooksRoutes } from './http/routes/webhooks.ts';
import { validatorCompiler } from './http/validator.ts';
import { AlphaErrorBody, MAX_PATH_PARAM_LENGTH, MessageErrorBody, StableErrorBody, TextToJsonErrorBody } from './http/schemas.ts';
import { createLogger } from './logger.ts';

/** The gate every request passes (http/gate.ts). */
type Gate = ReturnType<typeof createGate>;
type Logger = ReturnType<typeof createLogger>;

const JSON_BODY_LIMIT = 16 * 1024 * 1024;
const LOAD_SHEDDING_RETRY_AFTER_SECONDS = 5;
/** Methods whose JSON body is required when they declare one; others may send none. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** The security requirement each auth scheme documents in /openapi.json. */
const SECURITY: Record<AuthScheme, Record<string, string[]>[] | undefined> = {
  stable: [{ apiKey: [], accountId: [] }],
  alpha: [{ bearer: [] }],
  none: undefined,
  probe: undefined,
};

/** Fastify's own failures (bad JSON, wrong content type, too large) in catalogue terms. */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const params = issue.params as { requiredProperties?: string[]; missingProperty?: string } | undefined;
      const missing = params?.requiredProperties ?? (params?.missingProperty ? [params.missingProperty] : []);
      const base = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
      if (missing.length) {
        for (const name of missing) fields[base ? `${base}.${name}` : name] = 'is required';
      } else {
        fields[base || (error.validationContext ?? 'body')] = issue.message ?? 'invalid';
      }
    }
    const where = error.validationContext ?? 'body';
    const summary = Object.entries(fields)
      .slice(0, 5)
      .map(([path, message]) => `${path}: ${message}`)
      .join('; ');
    return new ApiError('validation_error', `Invalid ${where}: ${summary}`, fields);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send the body as application/json (multipart/form-data for audio uploads).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('validation_error', 'The request body is empty.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('validation_error', 'The request body is not valid JSON.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError('validation_error', 'The request is not multipart/form-data.');
  }
  if (error.statusCode === 400 || (error as { name?: string }).name === 'SyntaxError') {
    return new ApiError('validation_error', 'The request body is malformed.');
  }
  return new ApiError('internal_error');
}

/** Headers every answer carries (also the ones the router gives before any hook runs). */
function setCommonHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'no-store');
  // A route may ask for a laxer policy (the dashboard's forms need same-origin).
  if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'no-referrer');
  if (!reply.hasHeader('Content-Security-Policy')) {
    reply.header(
      'Content-Security-Policy',
      request.routeOptions.url === '/docs'
        ? "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'none'"
        : "default-src 'none'; frame-ancestors 'none'",
    );
  }
  reply.header('X-Request-Id', request.id);
}

// biome-ignore lint: the typed instance is an implementation detail of the routes.
export type AppInstance = FastifyInstance<any, any, any, any, any>;

/**
 * What the router refuses before any hook runs (a URL that does not decode, a path
 * parameter longer than any id) is answered like every other request: counted, with the
 * usual headers, in the family's error shape. An over-long id is one that does not exist.
 */
function routerRefusal(gate: Gate) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let apiError =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? new ApiError('not_found') : new ApiError('validation_error', 'The request URL is not valid.');
    try {
      await gate(request, reply);
    } catch (refusal) {
      apiError = refusal instanceof ApiError ? refusal : new ApiError('internal_error');
    }
    setCommonHeaders(request, reply);
    request.log.info({ method: request.method, route: 'unmatched', status: apiError.status, account: request.account?.id });
    reply.code(apiError.status).send(renderError(routeFamily(request.url), apiError));
  };
}

/** The Fastify instance with its limits, validator, shared error schemas and JSON parsing. */
function createFastify(deps: AppDeps, logger: Logger, gate: Gate): AppInstance {
  const refuse = routerRefusal(gate);
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    requestTimeout: 120_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // A hop count is valid for Fastify but missing from one of its option overloads.
    trustProxy: deps.config.trustProxy as boolean | string[],
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: (error, request, reply) => void refuse(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  for (const schema of [StableErrorBody, MessageErrorBody, AlphaErrorBody, TextToJsonErrorBody]) app.addSchema(schema);

  // Bodies are JSON. Many clients send Content-Type: application/json on every request, so a
  // DELETE (or GET) without a body is not refused for it; POST/PATCH still need one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && !BODY_METHODS.has(request.method)) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  return app;
}

/** /openapi.json, with each route's security requirement read from its auth scheme. */
async function registerApiDescription(app: AppInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'clinscribe',
        version: '0.1.0',
        description: 'Self-hosted clinical documentation API: notes, transcriptions, codings, text-to-JSON, note templates.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          accountId: { type: 'apiKey', in: 'header', name: 'X-Account-Id' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const security = SECURITY[(route.config as { auth?: AuthScheme } | undefined)?.auth ?? 'none'];
      return { schema: schema && security ? { ...schema, security } : schema, url };
    },
  });
}

/** Every request passes the gate first, then load shedding; every answer gets the common headers. */
async function registerRequestHooks(app: AppInstance, deps: AppDeps, gate: Gate): Promise<void> {
  // Fail closed: a route that does not say how it authenticates is a start-up error, not an
  // open door.
  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: AuthScheme } | undefined)?.auth;
    if (!auth) throw new Error(`route ${route.method} ${route.url} declares no auth scheme (config.auth)`);
  });

  // The gate goes first, so even a load-shedding 503 carries the rate-limit headers.
  app.addHook('onRequest', gate);

  // Load shedding: when the event loop lags this far behind, answer 503 at once rather than
  // queue more work onto an overloaded process. Probe routes (health, readiness) always answer:
  // a load balancer must not take a busy node for a dead one.
  const shedding = deps.config.loadShedding;
  await app.register(underPressure, {
    maxEventLoopDelay: shedding.maxEventLoopDelayMs,
    maxEventLoopUtilization: shedding.maxEventLoopUtilization,
    eventLoopUtilizationMode: 'interval',
    retryAfter: LOAD_SHEDDING_RETRY_AFTER_SECONDS,
    exposeStatusRoute: false,
    pressureHandler: (request, reply) => {
      if (request.routeOptions.config?.auth === 'probe') return undefined;
      reply.code(503).header('Retry-After', LOAD_SHEDDING_RETRY_AFTER_SECONDS);
      const error = new ApiError('unavailable', 'The service is overloaded; retry after the time in Retry-After.');
      return renderError(routeFamily(request.url), error);
    },
  } as underPressure.FastifyUnderPressureOptions);

  // Hooks on every request take a callback rather than return a promise: no promise and no
  // extra microtask turn per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    setCommonHeaders(request, reply);
    // Cookies set over HTTPS (directly, or behind a trusted proxy saying so) are Secure.
    const cookies = reply.getHeader('set-cookie');
    if (cookies !== undefined && request.protocol === 'https') {
      const secured = [cookies].flat().map((c) => (/;\s*secure\s*(;|$)/i.test(String(c)) ? String(c) : `${c}; Secure`));
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', secured);
    }
    done(null, payload);
  });
}

/** One log line per request, with ids only: URLs carry no PHI, bodies are never logged. */
function logRequests(app: AppInstance, logger: Logger): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (logger.isLevelEnabled('info')) {
      request.log.info({
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        account: request.account?.id,
      });
    }
    done();
  });
}

/** Errors and unknown routes in the family's error shape, from the one catalogue (http/errors.ts). */
function handleErrors(app: AppInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.retryAfterSeconds !== undefined) reply.header('Retry-After', apiError.retryAfterSeconds);
    if (apiError.status >= 500) {
      request.log.error({ err: { name: error.name, code: error.code } }, 'request failed');
    }
    return reply.code(apiError.status).send(renderError(routeFamily(request.url), apiError));
  });

  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).send(renderError(routeFamily(request.url), error));
  });
}

/** Every route group, each given the dependencies it declares. */
async function registerRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes(deps));
  await app.register(docsRoutes);
  await app.register(notesRoutes(deps));
  await app.register(noteStylesRoutes(deps));
  await app.register(codingsRoutes(deps));
  await app.register(textToJsonRoutes(deps));
  // Multipart parsing, and the hooks it adds to every request it can see, only where uploads
  // are taken: audio transcriptions and the dashboard's playground.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    await uploads.register(transcriptionsRoutes(deps));
    await uploads.register(dashboardRoutes(deps));
  });
  await app.register(transcriptionStreamRoutes(deps));
  await app.register(noteTemplatesRoutes(deps));
  await app.register(consensusRoutes(deps));
  await app.register(webhooksRoutes(deps));
  await app.register(fhirRoutes(deps));
}

export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; logStream?: DestinationStream } = {},
): Promise<AppInstance> {
  const gate = createGate(deps.accounts, deps.limiter, deps.config.defaultRateLimitPerMinute);
  const logger = createLogger(options.logger === false ? 'silent' : deps.config.logLevel, options.logStream);
  const app = createFastify(deps, logger, gate);
  await registerApiDescription(app);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await registerRequestHooks(app, deps, gate);
  logRequests(app, logger);
  handleErrors(app);
  await registerRoutes(app, deps);
  return app;
}
