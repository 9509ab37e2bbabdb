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
}
