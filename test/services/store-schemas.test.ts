// Two installations in one PostgreSQL database, each in its own schema, both migrate: the
// second must not take the first one's migration tables for its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/store/database.ts';
import { randomAlphanumeric } from '../../src/ids.ts';
import { TEST_DATABASE_URL, dropSchemas } from '../helpers/harness.ts';

test('a second schema in the same database gets its own tables (postgres)', async () => {
  const schemas = [0, 1].map(() => `t_${randomAlphanumeric(10).toLowerCase()}`);
  const stores = [];
  try {
    for (const schema of schemas) {
      stores.push(await openStore(loadConfig({ DATABASE_URL: TEST_DATABASE_URL, CLINSCRIBE_DB_SCHEMA: schema })));
    }
    for (const store of stores) {
      const rows = await store.db.selectFrom('accounts').select('id').execute();
      assert.deepEqual(rows, []);
    }
  } finally {
    for (const store of stores) await store.close();
    for (const schema of schemas) await dropSchemas(schema);
  }
});
