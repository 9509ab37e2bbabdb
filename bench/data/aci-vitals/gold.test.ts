// Guards the ACI-bench reference vital-sign hand labels: shape, value formats, 87 encounters, split = source CSV.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parseCsv } from '../../../scripts/lib/csv.ts';
import { SHARED_DATA } from '../../../scripts/lib/shared-data.ts';
import { KINDS, WELL_FORMED } from '../vitals-gold/load.ts';

interface Entry { id: string; split: string; vitals: Record<string, string>; note?: string }
const labels = JSON.parse(readFileSync(new URL('labels.json', import.meta.url), 'utf8')) as { about: string; encounters: Entry[] };
const DATA = SHARED_DATA && pathToFileURL(`${SHARED_DATA}/aci-bench/challenge_data/`);

test('aci vitals: about, 87 unique encounters, only known fields', () => {
  assert.ok(labels.about.length > 20);
  const ids = labels.encounters.map((e) => e.id);
  assert.equal(ids.length, 87);
  assert.equal(new Set(ids).size, 87);
  for (const e of labels.encounters) {
    assert.match(e.id, /^D2N\d{3}$/);
    assert.ok(e.split === 'train' || e.split === 'valid', e.id);
    assert.deepEqual(Object.keys(e).filter((k) => !['id', 'split', 'vitals', 'note'].includes(k)), [], e.id);
    if (e.note !== undefined) assert.ok(e.note.length >= 10 && !e.note.includes('\n'), `${e.id} note`);
  }
});

test('aci vitals: every value is of a known kind and written as WELL_FORMED', () => {
  for (const e of labels.encounters) {
    for (const [kind, value] of Object.entries(e.vitals)) {
      assert.ok((KINDS as readonly string[]).includes(kind), `${e.id} ${kind}`);
      assert.equal(typeof value, 'string', `${e.id} ${kind}`);
      assert.match(value, WELL_FORMED[kind as (typeof KINDS)[number]], `${e.id} ${kind}`);
      if (kind === 'oxygenSaturation') assert.ok(!value.includes('%'), `${e.id} SpO2 without percent`);
    }
  }
});

test('aci vitals: split is the CSV file each encounter comes from', { skip: !DATA && 'the shared data folder is missing (CLINSCRIBE_SHARED_DATA)' }, () => {
  const fromCsv = new Map<string, string>();
  for (const split of ['train', 'valid']) {
    const rows = parseCsv(readFileSync(new URL(`${split}.csv`, DATA!), 'utf8'));
    const col = rows[0]!.indexOf('encounter_id');
    for (const r of rows.slice(1).filter((row) => row.length >= 4)) fromCsv.set(r[col]!, split);
  }
  assert.equal(fromCsv.size, 87);
  for (const e of labels.encounters) assert.equal(e.split, fromCsv.get(e.id), e.id);
  assert.equal(labels.encounters.filter((e) => e.split === 'train').length, 67);
  assert.equal(labels.encounters.filter((e) => e.split === 'valid').length, 20);
});
