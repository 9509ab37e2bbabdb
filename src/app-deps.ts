// What the HTTP app may reach, built once by the runtime (or by a test, in code): services, not the store.
// Each route group declares the slice of it that it uses (Pick<AppDeps, ...>).
import type { Config } from './config.ts';
import type { Engines, NoteTemplate } from './engines/ports.ts';
import type { RateLimiter } from './ratelimit/limiter.ts';
import type { AccountsService } from './services/accounts-service.ts';
import type { Readiness } from './services/readiness.ts';
import type { ResourcesService } from './services/resources-service.ts';
import type { StreamTokens } from './services/stream-tokens.ts';
import type { WebhooksService } from './services/webhooks-service.ts';
import type { IdempotencyKeys } from './store/idempotency-repo.ts';
import type { SettingsRepository } from './store/settings-repo.ts';

export type TemplateCheck = { ok: true; template: NoteTemplate } | { ok: false; message: string };

export interface AppDeps {
  config: Config;
  engines: Engines;
  limiter: RateLimiter;
  accounts: AccountsService;
  resources: ResourcesService;
  webhooksService: WebhooksService;
  streamTokens: StreamTokens;
  /** Idempotency-Key reservations (http/idempotency.ts). */
  idempotency: IdempotencyKeys;
  /** Where the dashboard keeps its operator sessions and their secret. */
  settings: SettingsRepository;
  /** Whether the store answers, for /readyz. */
  readiness: Readiness;
  /** Structural check of a NoteTemplate shared by notes and template jobs. */
  validateTemplate(value: unknown): TemplateCheck;
}
