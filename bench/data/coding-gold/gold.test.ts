// Guards the coding gold files: they equal a fresh build from src/*.txt (no hand edits drift),
// every code is billable in FY2026, every label has a reason (an encounter with no codes has one for
// that), and the held-out split follows the id rule fixed before labelling.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { sharedData } from '../../../scripts/lib/shared-data.ts';
import { build, labelsOf, primockOrder, SECOND_LABELS, SPLIT_RULE, type GoldFile, type LabelSet } from './build.ts';

const SETS = Object.keys(SPLIT_RULE) as LabelSet[];
const valid = new Set(
  readFileSync(`${sharedData()}/icd10cm/icd10cm_codes_2026.tsv`, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split('\t')[1]!),
);
const order = primockOrder();

for (const set of SETS) {
  const stored = JSON.parse(readFileSync(new URL(`${set}.json`, import.meta.url), 'utf8')) as GoldFile;

  test(`${set}: the JSON equals a build from src/${set}.txt`, () => {
    assert.deepEqual(stored, build(set, valid, order));
  });

  // The split is fixed by the id rule, not by a target share: the 81 CC rows happen to hold 34 ids divisible by 3.
  test(`${set}: billable codes with reasons, and the split its rule fixes`, () => {
    for (const e of stored.encounters) {
      if (e.codes.length === 0) assert.ok((e.noCodeReason ?? '').length >= 5, `${e.id} has no codes and no reason`);
      else assert.equal(e.noCodeReason, undefined, `${e.id} has codes and a no-code reason`);
      for (const c of e.codes) {
        assert.ok(valid.has(c.code), `${e.id} ${c.code}`);
        assert.ok(c.reason.length >= 5, `${e.id} ${c.code} reason`);
      }
    }
    const rule = SPLIT_RULE[set];
    if (rule !== 'id rule') {
      for (const e of stored.encounters) assert.equal(e.split, rule, e.id);
      return;
    }
    const held = stored.encounters.filter((e) => e.split === 'heldout').length / stored.encounters.length;
    assert.ok(held > 0.25 && held < 0.45, `held-out share ${held}`);
  });
}

test('held-out rule: ACI-bench and MTS-Dialog by id divisible by 3', () => {
  const aci = JSON.parse(readFileSync(new URL('aci-bench.json', import.meta.url), 'utf8')) as GoldFile;
  for (const e of aci.encounters) assert.equal(e.split, Number(e.id.slice(3)) % 3 === 0 ? 'heldout' : 'dev', e.id);
  for (const set of ['mts-dialog', 'mts-dialog-cc', 'mts-dialog-hpi']) {
    const mts = JSON.parse(readFileSync(new URL(`${set}.json`, import.meta.url), 'utf8')) as GoldFile;
    for (const e of mts.encounters) assert.equal(e.split, e.source.id! % 3 === 0 ? 'heldout' : 'dev', e.id);
  }
});

// A second coder's labels of a gold set's rows: billable codes, and only rows the first set holds.
for (const pair of SECOND_LABELS) {
  test(`${pair.second}: billable codes on rows of ${pair.first}`, () => {
    const first = labelsOf(pair.first);
    const second = labelsOf(pair.second);
    assert.ok(second.size >= 30, `${second.size} rows`);
    for (const [id, codes] of second) {
      assert.ok(first.has(id), id);
      for (const c of codes) assert.ok(valid.has(c), `${id} ${c}`);
    }
  });
}
