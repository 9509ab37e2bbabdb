// Configuration is read once at boot from CLINSCRIBE_* variables and checked here,
// so a bad value stops the process with a clear message instead of failing later.
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';

export interface Config {
  /** Directory for the SQLite file and uploaded audio (shared storage when scaled out). */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded SQLite store. */
  databaseUrl?: string;
  /** Schema for all tables (PostgreSQL only); tests use one schema per suite. */
  databaseSchema: string;
  host: string;
  port: number;
  /**
   * Which proxies' X-Forwarded-For/-Proto to believe (Fastify's trustProxy): false, true
   * (any), a hop count, or proxy addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Run job workers inside the API process. */
  workers: boolean;
  workerConcurrency: number;
  /** Seconds a claimed job stays leased without a heartbeat before another worker takes it. */
  jobLeaseSeconds: number;
  jobMaxAttempts: number;
  /** Base of the exponential retry delay for failed job attempts, in milliseconds. */
  jobRetryBaseMs: number;
  /** A job still running after this many milliseconds fails, without retries. */
  jobTimeoutMs: number;
  defaultRateLimitPerMinute: number;
  defaultConsensusDaily: number;
  maxTranscriptChars: number;
  maxUploadBytes: number;
  retentionDays?: number;
  logLevel: string;
  engines: {
    notes: string;
    templates: string;
    coding: string;
    extraction: string;
    speech: string;
    consensus: string;
  };
  llm: { baseUrl?: string; model?: string; apiKey?: string } & Partial<LlmSettings>;
  /** What grounding does with a model's fact the transcript does not support. */
  grounding?: 'drop' | 'flag';
  asr: { baseUrl?: string; model?: string; apiKey?: string };
  webhooks: { allowPrivate: boolean; timeoutMs: number; retryBaseMs: number; maxAttempts: number; maxPerAccount: number; redeliveriesPerMinute: number };
  /** Live transcription over WebSocket: session length, idle time and open-session caps. */
  streaming: { maxSeconds: number; idleSeconds: number; maxSessions: number; maxSessionsPerAccount: number };
  /** Load shedding: past either limit every route but /healthz and /readyz answers 503 (0 = off). */
  loadShedding: { maxEventLoopDelayMs: number; maxEventLoopUtilization: number };
  /** Password of the operators' dashboard at /dashboard; unset keeps the dashboard off. */
  adminPassword?: string;
  /** Verified API keys kept in process: for how long, and how many (0 = no cache). */
  authCache: { ttlMs: number; maxEntries: number };
  /** Serialised finished results kept in process, in bytes (0 = no cache). */
  resultCacheBytes: number;
  /** Engine worker threads (src/engines/pool): how many, their heap cap, each capability's deadline. */
  enginePool: { threads: number; heapMb: number; maxQueue: number; deadlineMs: EngineDeadlines };
  /** What an uploaded audio file may hold; probed at upload, enforced again while decoding. */
  audioLimits: AudioLimits;
  /** Embedded speech engine: 2 decodes uploads again per speaker with an adapted acoustic model. */
  speechPasses: 1 | 2;
}

/** Milliseconds one engine call may take (waiting for a free engine thread included). */
export interface EngineDeadlines {
  notes: number;
  templates: number;
  coding: number;
  extraction: number;
  diarization: number;
}

export interface AudioLimits {
  maxSeconds: number;
  maxChannels: number;
  maxSampleRate: number;
  /** Bytes of 16 kHz mono PCM a decode may write (the recognizer's input). */
  maxDecodedBytes: number;
}

/** How the language-model engines use the model server (CLINSCRIBE_LLM_*). */
export interface LlmSettings {
  /** Model per capability; each falls back to the first of CLINSCRIBE_LLM_MODEL. */
  models: { notes?: string; templates?: string; coding?: string; extraction?: string; consensus?: string; summary?: string };
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  maxRetryAfterSeconds: number;
  concurrency: number;
  /** Transcripts longer than this are summarised chunk by chunk first. */
  chunkChars: number;
  structuredOutput: 'auto' | 'json_schema' | 'json_object';
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min} (got "${raw}")`);
  }
  return value;
}

/** A number in [0, 1]; unset is 0 (off). */
function fraction(env: Env, name: string): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new ConfigError(`${name} must be a number from 0 to 1 (got "${raw}")`);
  return value;
}

/** `true`, a hop count, or a comma-separated list of addresses and CIDR ranges; unset is false. */
function trustProxy(env: Env, name: string): boolean | number | string[] {
  const raw = (env[name] ?? '').trim();
  if (raw === '' || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || !prefixOk || extra !== undefined) {
      throw new ConfigError(`${name} must be true, a hop count, or comma-separated addresses/CIDR ranges (got "${entry}")`);
    }
  }
  return entries;
}

function oneOf(env: Env, name: string, allowed: string[], fallback: string): string {
  const value = env[name] || fallback;
  if (!allowed.includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value;
}

function flag(env: Env, name: string): boolean {
  return ['1', 'true', 'yes'].includes((env[name] ?? '').toLowerCase());
}

/** The PostgreSQL store, if one is set: its URL and schema, checked. */
function storeSettings(env: Env): Pick<Config, 'databaseUrl' | 'databaseSchema'> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// connection string');
  }
  const schema = env.CLINSCRIBE_DB_SCHEMA || 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('CLINSCRIBE_DB_SCHEMA must be a lower-case SQL identifier');
  }
  return { databaseUrl, databaseSchema: schema };
}

/** Which engine runs each capability. */
function engineChoices(env: Env): Config['engines'] {
  const engine = (name: string, allowed: string[]) => oneOf(env, name, allowed, 'embedded');
  return {
    notes: engine('CLINSCRIBE_NOTES_ENGINE', ['embedded', 'llm', 'llm+embedded', 'none']),
    templates: engine('CLINSCRIBE_TEMPLATES_ENGINE', ['embedded', 'llm', 'llm+embedded', 'none']),
    coding: engine('CLINSCRIBE_CODING_ENGINE', ['embedded', 'llm', 'llm+embedded', 'none']),
    extraction: engine('CLINSCRIBE_EXTRACTION_ENGINE', ['embedded', 'llm', 'llm+embedded', 'none']),
    speech: oneOf(env, 'CLINSCRIBE_SPEECH_ENGINE', ['embedded', 'openai', 'none'], env.CLINSCRIBE_ASR_BASE_URL ? 'openai' : 'embedded'),
    consensus: oneOf(env, 'CLINSCRIBE_CONSENSUS_ENGINE', ['llm', 'none'], 'llm'),
  };
}

/** Live transcription: how long a session may run or idle, and how many run at once. */
function streamingSettings(env: Env): Config['streaming'] {
  return {
    maxSeconds: integer(env, 'CLINSCRIBE_STREAM_MAX_SECONDS', 14_400, 1),
    idleSeconds: integer(env, 'CLINSCRIBE_STREAM_IDLE_SECONDS', 60, 1),
    maxSessions: integer(env, 'CLINSCRIBE_MAX_STREAMS', 32, 1),
    maxSessionsPerAccount: integer(env, 'CLINSCRIBE_MAX_STREAMS_PER_ACCOUNT', 4, 1),
  };
}

/** Webhook delivery: private addresses, timeouts, retries and per-account counts. */
function webhookSettings(env: Env): Config['webhooks'] {
  return {
    allowPrivate: flag(env, 'CLINSCRIBE_WEBHOOK_ALLOW_PRIVATE'),
    timeoutMs: integer(env, 'CLINSCRIBE_WEBHOOK_TIMEOUT_MS', 30_000, 100),
    retryBaseMs: integer(env, 'CLINSCRIBE_WEBHOOK_RETRY_BASE_MS', 30_000, 1),
    maxAttempts: integer(env, 'CLINSCRIBE_WEBHOOK_MAX_ATTEMPTS', 15, 1),
    maxPerAccount: integer(env, 'CLINSCRIBE_MAX_WEBHOOKS_PER_ACCOUNT', 20, 1),
    redeliveriesPerMinute: integer(env, 'CLINSCRIBE_WEBHOOK_REDELIVERIES_PER_MINUTE', 30, 1),
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  if (env.CLINSCRIBE_ADMIN_PASSWORD && env.CLINSCRIBE_ADMIN_PASSWORD.length < 12) {
    throw new ConfigError('CLINSCRIBE_ADMIN_PASSWORD must be at least 12 characters');
  }
  const retention = env.CLINSCRIBE_RETENTION_DAYS ? integer(env, 'CLINSCRIBE_RETENTION_DAYS', 0, 1) : undefined;
  const config: Config = {
    dataDir: path.resolve(env.CLINSCRIBE_DATA_DIR || '.clinscribe'),
    ...storeSettings(env),
    host: env.CLINSCRIBE_HOST || '127.0.0.1',
    port: integer(env, 'CLINSCRIBE_PORT', 8080),
    trustProxy: trustProxy(env, 'CLINSCRIBE_TRUST_PROXY'),
    workers: true,
    workerConcurrency: integer(env, 'CLINSCRIBE_WORKER_CONCURRENCY', 2, 1),
    jobLeaseSeconds: integer(env, 'CLINSCRIBE_JOB_LEASE_SECONDS', 30, 2),
    jobMaxAttempts: integer(env, 'CLINSCRIBE_JOB_MAX_ATTEMPTS', 5, 1),
    jobRetryBaseMs: integer(env, 'CLINSCRIBE_JOB_RETRY_BASE_MS', 2000, 1),
    // Long enough for the longest upload (100 MB is hours of audio) on a remote speech server.
    jobTimeoutMs: integer(env, 'CLINSCRIBE_JOB_TIMEOUT_MS', 30 * 60_000, 100),
    defaultRateLimitPerMinute: integer(env, 'CLINSCRIBE_RATE_LIMIT_PER_MINUTE', 600, 1),
    defaultConsensusDaily: integer(env, 'CLINSCRIBE_CONSENSUS_DAILY', 100, 0),
    maxTranscriptChars: integer(env, 'CLINSCRIBE_MAX_TRANSCRIPT_CHARS', 500_000, 1),
    maxUploadBytes: integer(env, 'CLINSCRIBE_MAX_UPLOAD_BYTES', 100 * 1024 * 1024, 1),
    retentionDays: retention,
    logLevel: oneOf(env, 'CLINSCRIBE_LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    engines: engineChoices(env),
    llm: {
      baseUrl: env.CLINSCRIBE_LLM_BASE_URL || undefined,
      model: env.CLINSCRIBE_LLM_MODEL || undefined,
      apiKey: env.CLINSCRIBE_LLM_API_KEY || undefined,
      ...llmSettings(env),
    },
    grounding: oneOf(env, 'CLINSCRIBE_GROUNDING', ['drop', 'flag'], 'drop') as 'drop' | 'flag',
    asr: {
      baseUrl: env.CLINSCRIBE_ASR_BASE_URL || undefined,
      model: env.CLINSCRIBE_ASR_MODEL || undefined,
      apiKey: env.CLINSCRIBE_ASR_API_KEY || undefined,
    },
    adminPassword: env.CLINSCRIBE_ADMIN_PASSWORD || undefined,
    loadShedding: {
      maxEventLoopDelayMs: integer(env, 'CLINSCRIBE_MAX_EVENT_LOOP_DELAY_MS', 1000, 0),
      maxEventLoopUtilization: fraction(env, 'CLINSCRIBE_MAX_EVENT_LOOP_UTILIZATION'),
    },
    streaming: streamingSettings(env),
    webhooks: webhookSettings(env),
    authCache: {
      // Revocations reach every process at once (NOTIFY); the TTL bounds a missed signal.
      ttlMs: integer(env, 'CLINSCRIBE_AUTH_CACHE_TTL_MS', 500, 0),
      maxEntries: integer(env, 'CLINSCRIBE_AUTH_CACHE_MAX_KEYS', 10_000, 0),
    },
    resultCacheBytes: integer(env, 'CLINSCRIBE_RESULT_CACHE_MB', 32, 0) * 1024 * 1024,
    enginePool: enginePool(env),
    audioLimits: audioLimits(env),
    speechPasses: oneOf(env, 'CLINSCRIBE_SPEECH_PASSES', ['1', '2'], '2') === '2' ? 2 : 1,
  };
  return { ...config, ...overrides };
}

function enginePool(env: Env): Config['enginePool'] {
  const deadline = (capability: string, fallback: number) => integer(env, `CLINSCRIBE_ENGINE_DEADLINE_MS_${capability}`, fallback, 100);
  const threads = integer(env, 'CLINSCRIBE_ENGINE_THREADS', availableParallelism(), 1);
  return {
    threads,
    maxQueue: integer(env, 'CLINSCRIBE_ENGINE_QUEUE', threads * 64, 0),
    heapMb: integer(env, 'CLINSCRIBE_ENGINE_HEAP_MB', 1024, 16),
    deadlineMs: {
      notes: deadline('NOTES', 120_000),
      templates: deadline('TEMPLATES', 120_000),
      coding: deadline('CODING', 60_000),
      // Text-to-JSON answers synchronously: its caller is waiting on the connection.
      extraction: deadline('EXTRACTION', 30_000),
      diarization: deadline('DIARIZATION', 10 * 60_000),
    },
  };
}

function audioLimits(env: Env): AudioLimits {
  const maxSeconds = integer(env, 'CLINSCRIBE_MAX_AUDIO_SECONDS', 4 * 3600, 1);
  return {
    maxSeconds,
    maxChannels: integer(env, 'CLINSCRIBE_MAX_AUDIO_CHANNELS', 8, 1),
    maxSampleRate: integer(env, 'CLINSCRIBE_MAX_AUDIO_SAMPLE_RATE', 192_000, 8000),
    // 16 kHz mono 16-bit is 32 000 bytes a second; a little headroom over the duration cap.
    maxDecodedBytes: integer(env, 'CLINSCRIBE_MAX_DECODED_AUDIO_BYTES', Math.ceil(maxSeconds * 32_000 * 1.05), 1),
  };
}

/** CLINSCRIBE_LLM_* beyond the server address: models per capability, time and retry limits. */
function llmSettings(env: Env): LlmSettings {
  const model = (name: string) => env[name]?.trim() || undefined;
  return {
    models: {
      notes: model('CLINSCRIBE_LLM_MODEL_NOTES'),
      templates: model('CLINSCRIBE_LLM_MODEL_TEMPLATES'),
      coding: model('CLINSCRIBE_LLM_MODEL_CODING'),
      extraction: model('CLINSCRIBE_LLM_MODEL_EXTRACTION'),
      consensus: model('CLINSCRIBE_LLM_MODEL_CONSENSUS'),
      summary: model('CLINSCRIBE_LLM_MODEL_SUMMARY'),
    },
    timeoutMs: integer(env, 'CLINSCRIBE_LLM_TIMEOUT_MS', 120_000, 100),
    maxRetries: integer(env, 'CLINSCRIBE_LLM_MAX_RETRIES', 3, 0),
    retryBaseMs: integer(env, 'CLINSCRIBE_LLM_RETRY_BASE_MS', 500, 1),
    maxRetryAfterSeconds: integer(env, 'CLINSCRIBE_LLM_MAX_RETRY_AFTER_SECONDS', 30, 0),
    concurrency: integer(env, 'CLINSCRIBE_LLM_CONCURRENCY', 4, 1),
    chunkChars: integer(env, 'CLINSCRIBE_LLM_CHUNK_CHARS', 24_000, 1000),
    structuredOutput: oneOf(env, 'CLINSCRIBE_LLM_STRUCTURED_OUTPUT', ['auto', 'json_schema', 'json_object'], 'auto') as LlmSettings['structuredOutput'],
  };
}
