import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runMaintenance } from '../../src/work/maintenance.ts';
import { finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

test('retention purges finished resources older than CLINSCRIBE_RETENTION_DAYS, and only those', async () => {
  const h = await startHarness('sqlite', { engines: echoEngines(), env: { CLINSCRIBE_RETENTION_DAYS: '30' } });
  try {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: 'hello', noteType: { type: 'soap' } } });
      ids.push(res.json().data.noteId);
      await finished(h, `/v1/notes/${ids[i]}`, h.stable);
    }
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await h.runtime.store.db.updateTable('resources').set({ updated_at: old }).where('id', '=', ids[0]).execute();
    assert.equal(await runMaintenance(h.runtime), 1);
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/notes/${ids[0]}`, headers: h.stable })).statusCode, 404);
    assert.equal((await h.app.inject({ method: 'GET', url: `/v1/notes/${ids[1]}`, headers: h.stable })).statusCode, 200);
  } finally {
    await h.close();
  }
});
