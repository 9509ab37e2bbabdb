// Everything that differs between the two stores lives here, so the rest of the code
// asks "does this store support X", never "is this PostgreSQL".
export type StoreKind = 'sqlite' | 'postgres';

export interface StoreCapabilities {
  kind: StoreKind;
  /** Several processes on several machines may share this store. */
  multiNode: boolean;
  /** Job queue implementation that rides on this store. */
  queue: 'sqlite-table' | 'pg-boss';
  /** Rate-limit counters must live in the store because several API nodes share them. */
  sharedRateLimits: boolean;
  /** SQL type used for identity columns of append-only tables. */
  autoIncrementType: 'integer' | 'bigserial';
}

export const STORE_CAPABILITIES: Record<StoreKind, StoreCapabilities> = {
  sqlite: {
    kind: 'sqlite',
    multiNode: false,
    queue: 'sqlite-table',
    sharedRateLimits: false,
    autoIncrementType: 'integer',
  },
  postgres: {
    kind: 'postgres',
    multiNode: true,
    queue: 'pg-boss',
    sharedRateLimits: true,
    autoIncrementType: 'bigserial',
  },
};
