// Guards the coding gold files: they equal a fresh build from src/*.txt (no hand edits drift),
// every code is billable in FY2026, every label has a reason, and the held-out split follows the
// id rule fixed before labelling.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { sharedData } from '../../../scripts/lib/shared-data.ts';
import { build, primockOrder, type Corpus, type GoldFile } from './build.ts';

const CORPORA: Corpus[] = ['aci-bench', 'mts-dialog', 'primock57'];
const valid = new Set(
  readFileSync(`${sharedData()}/icd10cm/icd10cm_codes_2026.tsv`, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t')[1]!),
);
const order = primockOrder();

for (const corpus of CORPORA) {
  const stored = JSON.parse(readFileSync(new URL(`${corpus}.json`, import.meta.url), 'utf8')) as GoldFile;

  test(`${corpus}: the JSON equals a build from src/${corpus}.txt`, () => {
    assert.deepEqual(stored, build(corpus, valid, order));
  });

  test(`${corpus}: billable codes with reasons, and about a third held out`, () => {
    for (const e of stored.encounters) {
      assert.ok(e.codes.length > 0, e.id);
      for (const c of e.codes) {
        assert.ok(valid.has(c.code), `${e.id} ${c.code}`);
        assert.ok(c.reason.length >= 5, `${e.id} ${c.code} reason`);
      }
    }
    const held = stored.encounters.filter((e) => e.split === 'heldout').length / stored.encounters.length;
    assert.ok(held > 0.25 && held < 0.4, `held-out share ${held}`);
  });
}

test('held-out rule: ACI-bench and MTS-Dialog by id divisible by 3', () => {
  const aci = JSON.parse(readFileSync(new URL('aci-bench.json', import.meta.url), 'utf8')) as GoldFile;
  for (const e of aci.encounters) assert.equal(e.split, Number(e.id.slice(3)) % 3 === 0 ? 'heldout' : 'dev', e.id);
  const mts = JSON.parse(readFileSync(new URL('mts-dialog.json', import.meta.url), 'utf8')) as GoldFile;
  for (const e of mts.encounters) assert.equal(e.split, e.source.id! % 3 === 0 ? 'heldout' : 'dev', e.id);
});
