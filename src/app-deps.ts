// Everything the HTTP app needs, built once by the runtime (or by a test, in code).
import type { Config } from './config.ts';
import type { Engines, NoteTemplate } from './engines/ports.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { RateLimiter } from './ratelimit/limiter.ts';
import type { AccountsService } from './services/accounts-service.ts';
import type { ResourcesService } from './services/resources-service.ts';
import type { StreamTokens } from './services/stream-tokens.ts';
import type { WebhooksService } from './services/webhooks-service.ts';
import type { Store } from './store/database.ts';
import type { IdempotencyRepository } from './store/idempotency-repo.ts';
import type { OutboxRepository } from './store/outbox-repo.ts';
import type { SettingsRepository } from './store/settings-repo.ts';
import type { WebhooksRepository } from './store/webhooks-repo.ts';
import type { EventRecorder } from './webhooks/outbox.ts';

export type TemplateCheck = { ok: true; template: NoteTemplate } | { ok: false; message: string };

export interface AppDeps {
  config: Config;
  store: Store;
  queue: JobQueue;
  engines: Engines;
  limiter: RateLimiter;
  accounts: AccountsService;
  resources: ResourcesService;
  idempotency: IdempotencyRepository;
  webhooks: WebhooksRepository;
  webhooksService: WebhooksService;
  outbox: OutboxRepository;
  events: EventRecorder;
  settings: SettingsRepository;
  streamTokens: StreamTokens;
  /** Structural check of a NoteTemplate shared by notes and template jobs. */
  validateTemplate(value: unknown): TemplateCheck;
}
