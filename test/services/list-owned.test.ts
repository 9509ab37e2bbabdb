// Keyset listing of an account's resources: pages follow one another with no row skipped or
// repeated, in creation order, and never show another account's rows.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageCursor } from '../../src/store/keyset.ts';
import { ResourcesRepository } from '../../src/store/resources-repo.ts';
import { STORES, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

for (const store of STORES) {
  describe(`listOwned (${store})`, () => {
    test('pages of 3 walk all 7 notes once, oldest first, and only the owner’s', async () => {
      const h = await startHarness(store, { engines: echoEngines(), workers: false });
      try {
        const other = await h.newAccount();
        const request = { transcript: '[doctor] hello', noteType: { type: 'soap' } };
        const mine: string[] = [];
        for (let i = 0; i < 7; i++) {
          mine.push((await h.runtime.resources.create('note', h.accountId, request)).id);
          await h.runtime.resources.create('note', other.accountId, request);
        }
        const repo = new ResourcesRepository(h.runtime.store.db);
        const seen: string[] = [];
        let after: PageCursor | undefined;
        for (;;) {
          const page = await repo.listOwned('note', h.accountId, 3, after);
          if (page.length === 0) break;
          assert.ok(page.length <= 3);
          seen.push(...page.map((r) => r.id));
          const last = page[page.length - 1];
          after = { createdAt: last.createdAt, id: last.id };
        }
        const expected = (await Promise.all(mine.map((id) => h.runtime.resources.get('note', h.accountId, id))))
          .map((r) => r!)
          .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1))
          .map((r) => r.id);
        assert.deepEqual(seen, expected);
        assert.deepEqual(await repo.listOwned('coding', h.accountId, 3), []);
      } finally {
        await h.close();
      }
    });
  });
}
