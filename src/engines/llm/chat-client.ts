// Client for any OpenAI-compatible chat-completions server (OpenAI, Azure OpenAI, vLLM,
// Ollama, llama.cpp server, LM Studio). Structured output through `response_format:
// json_schema`; the answer is validated against the schema and asked for again if invalid.
import AjvModule from 'ajv';
import { EngineError } from '../ports.ts';
import { requestSignal } from '../cancellation.ts';
import { refused, unreachable } from '../remote-server.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Further attempts when the model's JSON does not validate. */
  retries?: number;
}

// ajv is CommonJS: its class is the default export's default under ESM.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule;
const ajv = new (Ajv as any)({ strict: false, allErrors: false });

export class ChatClient {
  private readonly endpoint: string;

  constructor(private readonly options: ChatClientOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  /** Asks `model` for a JSON value that satisfies `schema`. */
  async json<T>(model: string, messages: ChatMessage[], schemaName: string, schema: Record<string, unknown>): Promise<T> {
    const validate = ajv.compile(schema);
    const attempts = 1 + (this.options.retries ?? 2);
    let conversation = messages;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const content = await this.complete(model, conversation, { type: 'json_schema', json_schema: { name: schemaName, schema, strict: true } });
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        value = undefined;
      }
      if (value !== undefined && validate(value)) return value as T;
      conversation = [
        ...messages,
        { role: 'assistant', content },
        { role: 'user', content: 'That answer was not valid JSON for the required schema. Answer again with only the JSON object.' },
      ];
    }
    throw new EngineError(`The language model "${model}" did not return valid structured output after ${attempts} attempts.`);
  }

  private async complete(model: string, messages: ChatMessage[], responseFormat: Record<string, unknown>): Promise<string> {
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        body: JSON.stringify({ model, messages, temperature: 0, response_format: responseFormat }),
        signal: requestSignal(this.options.timeoutMs ?? 120_000),
      });
    } catch (error) {
      throw unreachable('language model server', error);
    }
    if (!response.ok) throw await refused('language model server', response);
    const body = (await response.json().catch(() => undefined)) as { choices?: { message?: { content?: unknown } }[] } | undefined;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new EngineError('The language model server sent an answer without message content.');
    return content;
  }
}
