import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored value, or `create()` stored once: concurrent first callers agree on one value. */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    await this.db.insertInto('settings').values({ key, value: create() }).onConflict((oc) => oc.column('key').doNothing()).execute();
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return row.value;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  async put(key: string, value: string): Promise<void> {
    await this.db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
  }

  /** Every key starting with `prefix` (a fixed string of ours, never request text). */
  async listPrefixed(prefix: string): Promise<{ key: string; value: string }[]> {
    return this.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${prefix}%`).execute();
  }
}

/**
 * A server-wide random secret (created once in the store, shared by every node), loaded
 * once per process. A failed load is not remembered: the next call tries the store again.
 */
export function sharedSecret(settings: Pick<SettingsRepository, 'getOrCreate'>, key: string): () => Promise<string> {
  let loaded: Promise<string> | undefined;
  return () => {
    loaded ??= settings.getOrCreate(key, () => randomBytes(32).toString('hex')).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
