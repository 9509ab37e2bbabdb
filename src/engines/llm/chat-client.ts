// Client for any OpenAI-compatible chat-completions server (OpenAI, Azure OpenAI, vLLM,
// Ollama, llama.cpp server, LM Studio). Structured output through `response_format:
// json_schema` where the server takes it, else JSON mode with the schema in the prompt;
// either way the answer is validated with Ajv and asked for once more if invalid.
// Transient failures (429, 5xx, timeouts, refused connections) are retried with backoff,
// honouring Retry-After; at most `concurrency` requests are in flight per client.
import { Ajv } from 'ajv';
import { cancellationSignal, requestSignal } from '../cancellation.ts';
import { EngineError, TransientEngineError } from '../ports.ts';
import { refused, unreachable } from '../remote-server.ts';
import { Limiter } from './limiter.ts';
import { addUsage, type Usage } from './usage.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type StructuredOutput = 'auto' | 'json_schema' | 'json_object';

export interface ChatClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Repair rounds when the model's JSON does not validate (default 1). */
  retries?: number;
  /** Further tries of one request after a 429, 5xx, timeout or refused connection (default 3). */
  maxRetries?: number;
  /** First backoff delay; doubled each retry (default 500 ms). */
  retryBaseMs?: number;
  /** A Retry-After longer than this is not waited out here: the job queue retries later. */
  maxRetryAfterSeconds?: number;
  /** Requests in flight at once from this client (default 4). */
  concurrency?: number;
  structuredOutput?: StructuredOutput;
}

export type AnswerCheck = (value: unknown) => string | undefined | Promise<string | undefined>;

export interface JsonOptions {
  /** Token usage of every answer is added here. */
  usage?: Usage;
  /** The schema is written for strict structured outputs (every property required, no extras). */
  strict?: boolean;
  /** A check to use instead of compiling `schema`: what is wrong with a value, or undefined
   * when it is acceptable. May answer later (a caller's schema is checked in an engine thread). */
  validate?: AnswerCheck;
}

interface Completion {
  content: string;
  truncated: boolean;
}

// ajv is CommonJS: its class is the default export's default under ESM.
const ajv = new Ajv({ strict: false, allErrors: false });

/** A model's reply as JSON: tolerates a ```json fence around it; undefined when it is not JSON. */
export function parseJsonReply(content: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(content);
  try {
    return JSON.parse(fenced ? fenced[1]! : content);
  } catch {
    return undefined;
  }
}

/** One request to the server, as `complete` retries it and `send` sends it. */
interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  responseFormat: Record<string, unknown>;
  usage: Usage | undefined;
  /** A 400/422 answer means the server refused `json_schema`: undefined instead of an error. */
  schemaMayBeRefused: boolean;
}

export class ChatClient {
  private readonly endpoint: string;
  private readonly limiter: Limiter;
  /** Models whose server refused `json_schema`; they get JSON mode from then on. */
  private readonly jsonModeOnly = new Set<string>();

  constructor(private readonly options: ChatClientOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.limiter = new Limiter(Math.max(1, options.concurrency ?? 4));
  }

  /** Asks `model` for a JSON value that satisfies `schema`. */
  async json<T>(model: string, messages: ChatMessage[], schemaName: string, schema: Record<string, unknown>, options: JsonOptions = {}): Promise<T> {
    const answer = await this.jsonOrText<T>(model, messages, schemaName, schema, options);
    if ('json' in answer) return answer.json;
    throw new EngineError(`The language model "${model.slice(0, 80)}" did not return valid structured output after ${1 + (this.options.retries ?? 1)} attempts.`);
  }

  /**
   * The same, but a model that answers in prose instead of JSON twice (a complete answer, not
   * cut off) has its text returned, for an engine that can use prose (a note's markdown).
   * JSON that breaks the schema is still a failure.
   */
  async jsonOrText<T>(model: string, messages: ChatMessage[], schemaName: string, schema: Record<string, unknown>, options: JsonOptions = {}): Promise<{ json: T } | { text: string } | { failed: true }> {
    const problemWith = options.validate ?? compiled(schema);
    const attempts = 1 + (this.options.retries ?? 1);
    let conversation = messages;
    let last: { content: string; prose: boolean } = { content: '', prose: false };
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const reply = await this.structured(model, conversation, schemaName, schema, options);
      const value = reply.truncated ? undefined : parseJsonReply(reply.content);
      const problem = value === undefined ? undefined : await problemWith(value);
      if (value !== undefined && problem === undefined) return { json: value as T };
      // Prose is text that does not even start like JSON: a broken object is never taken for prose.
      last = { content: reply.content, prose: !reply.truncated && value === undefined && /^\s*[^\s{[`]/.test(reply.content) };
      const request = reply.truncated
        ? 'That answer was cut off before the JSON ended. Answer again, more briefly, with only the complete JSON object.'
        : value === undefined
          ? 'That answer was not valid JSON. Answer again with only the JSON object.'
          : `That JSON does not match the required schema (${(problem ?? '').slice(0, 500)}). Answer again with only the corrected JSON object.`;
      conversation = [...messages, { role: 'assistant', content: reply.content.slice(0, 20_000) }, { role: 'user', content: request }];
    }
    return last.prose ? { text: last.content } : { failed: true };
  }

  /** One structured request: json_schema, or JSON mode with the schema in the prompt. */
  private async structured(model: string, messages: ChatMessage[], name: string, schema: Record<string, unknown>, options: JsonOptions): Promise<Completion> {
    const mode = this.options.structuredOutput ?? 'auto';
    if (mode !== 'json_object' && !this.jsonModeOnly.has(model)) {
      const format = { type: 'json_schema', json_schema: { name, schema, strict: options.strict === true } };
      const reply = await this.complete({ model, messages, responseFormat: format, usage: options.usage, schemaMayBeRefused: mode === 'auto' });
      if (reply) return reply;
      // The server does not take json_schema (it refused the request as malformed).
      this.jsonModeOnly.add(model);
    }
    const instruction: ChatMessage = {
      role: 'system',
      content: `Reply with only one JSON object (no prose, no code fence) that conforms to this JSON Schema:\n${JSON.stringify(schema)}`,
    };
    return (await this.complete({ model, messages: [instruction, ...messages], responseFormat: { type: 'json_object' }, usage: options.usage, schemaMayBeRefused: false }))!;
  }

  /** Sends with retries; undefined when `schemaMayBeRefused` and the server answered 400/422. */
  private async complete(request: ChatRequest): Promise<Completion | undefined> {
    const retries = this.options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.limiter.run(() => this.send(request));
      } catch (error) {
        if (!(error instanceof TransientEngineError) || attempt >= retries) throw error;
        const waitSeconds = error.retryAfterSeconds;
        if (waitSeconds !== undefined && waitSeconds > (this.options.maxRetryAfterSeconds ?? 30)) throw error;
        const backoff = (this.options.retryBaseMs ?? 500) * 2 ** attempt * (0.75 + Math.random() * 0.5);
        await pause(waitSeconds !== undefined ? waitSeconds * 1000 : backoff);
      }
    }
  }

  private async send({ model, messages, responseFormat, usage, schemaMayBeRefused }: ChatRequest): Promise<Completion | undefined> {
    let response: Response;
    let body: { choices?: { finish_reason?: string; message?: { content?: unknown } }[]; usage?: unknown } | undefined;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        body: JSON.stringify({ model, messages, temperature: 0, stream: false, response_format: responseFormat }),
        signal: requestSignal(this.options.timeoutMs ?? 120_000),
      });
      if (!response.ok) {
        if (schemaMayBeRefused && (response.status === 400 || response.status === 422)) {
          await response.body?.cancel().catch(() => {});
          return undefined;
        }
        throw await refused('language model server', response);
      }
      // The body is read under the same timeout: a server that stalls mid-answer is a timeout too.
      body = (await response.json().catch((error: unknown) => {
        if ((error as Error)?.name === 'TimeoutError' || (error as Error)?.name === 'AbortError') throw error;
        return undefined;
      })) as typeof body;
    } catch (error) {
      if (error instanceof EngineError || error instanceof TransientEngineError) throw error;
      throw unreachable('language model server', error);
    }
    const choice = body?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') throw new TransientEngineError('The language model server sent an answer without message content.');
    if (usage) addUsage(usage, model, body?.usage);
    return { content, truncated: choice?.finish_reason === 'length' };
  }
}

// Only the engines' own response schemas are compiled here; a caller's schema never is.
const validators = new WeakMap<object, AnswerCheck>();

function compiled(schema: Record<string, unknown>): AnswerCheck {
  let check = validators.get(schema);
  if (!check) {
    const validate = ajv.compile(schema);
    check = (value) => (validate(value) ? undefined : ajv.errorsText(validate.errors));
    validators.set(schema, check);
  }
  return check;
}

/** Waits `ms`, or less if the job is cancelled meanwhile (then it throws). */
function pause(ms: number): Promise<void> {
  const job = cancellationSignal();
  if (job?.aborted) return Promise.reject(new TransientEngineError('The request was cancelled.'));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new TransientEngineError('The request was cancelled.'));
    };
    const timer = setTimeout(() => {
      job?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    job?.addEventListener('abort', onAbort, { once: true });
  });
}
