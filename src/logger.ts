// Structured logs (pino). Anything that could hold PHI or secrets is redacted by path,
// as a safety net behind the rule that bodies are never logged.
import pino, { type DestinationStream } from 'pino';

export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
    level,
    base: { service: 'clinscribe' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers["x-api-key"]',
        'body',
        'transcript',
        'text',
        'api_key',
        'apiKey',
        'secret',
      ],
      censor: '[redacted]',
    },
    },
    destination,
  );
}
