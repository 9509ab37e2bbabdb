// Table row types. JSON travels as text and booleans as 0/1 integers on both stores,
// so one set of queries serves SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  name: string;
  alpha_access: number;
  rate_limit_per_minute: number;
  consensus_daily: number;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  /** First characters of the key, shown in listings so operators can tell keys apart. */
  prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

export type ResourceKind = 'note' | 'coding' | 'transcription' | 'template' | 'consensus';
export type ResourceStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface ResourcesTable {
  id: string;
  account_id: string;
  kind: ResourceKind;
  status: ResourceStatus;
  /** The caller's request (JSON). */
  request: string;
  /** The engine's result (JSON) once completed. */
  result: string | null;
  error: string | null;
  processing_time_ms: number | null;
  created_at: string;
  updated_at: string;
}

export interface QueueJobsTable {
  id: Generated<number>;
  resource_id: string;
  kind: string;
  state: 'ready' | 'leased' | 'done' | 'dead';
  run_at: string;
  lease_until: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

export interface OutboxEventsTable {
  id: string;
  account_id: string;
  type: string;
  resource_id: string;
  /** `{type, data}` exactly as delivered (JSON). */
  body: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event types; empty means all. */
  events: string;
  enabled: number;
  secret: string;
  /** Previous secret, still signed with until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  account_id: string;
  state: 'pending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  latency_ms: number;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
  /** The resource the request created, if any: the record goes when the resource does. */
  resource_id?: string | null;
}

export interface RateCountersTable {
  account_id: string;
  bucket: string;
  window_start: number;
  count: number;
}

/** Server-wide values shared by every node, such as the stream-token signing secret. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  settings: SettingsTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  resources: ResourcesTable;
  queue_jobs: QueueJobsTable;
  outbox_events: OutboxEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_counters: RateCountersTable;
}
