// Guards the vital-signs gold set: shape, well-formed values, the held-out rule, the minimum
// counts, and that every text is a verbatim run of whole turns of its public source.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { csvCell, primockTranscript } from '../../lib/coding-score-inputs.ts';
import { SHARED_DATA } from '../../../scripts/lib/shared-data.ts';
import { loadVitalsGold, malformedValues } from './load.ts';

const cases = loadVitalsGold();

test('vitals gold: unique ids, valid splits and sources, a reason on every case', () => {
  assert.equal(new Set(cases.map((c) => c.id)).size, cases.length);
  for (const c of cases) {
    assert.ok(c.split === 'dev' || c.split === 'heldout', c.id);
    assert.ok(c.source.corpus === 'mts-dialog' || c.source.corpus === 'primock57', c.id);
    assert.ok(c.reason.length >= 10, `${c.id} reason`);
    assert.ok(c.text.length > 0 && c.text.length <= 2000, `${c.id} length`);
  }
});

test('vitals gold: values are well formed and only of the six kinds', () => {
  assert.deepEqual(malformedValues(cases), []);
});

test('vitals gold: at least 80 cases and 15 negatives, some positives in each split', () => {
  assert.ok(cases.length >= 80, `${cases.length} cases`);
  const negatives = cases.filter((c) => Object.keys(c.vitals).length === 0);
  assert.ok(negatives.length >= 15, `${negatives.length} negatives`);
  for (const split of ['dev', 'heldout']) assert.ok(cases.some((c) => c.split === split && Object.keys(c.vitals).length > 0), split);
});

test('vitals gold: held out exactly when SHA-256(id) leads with a multiple of 3', () => {
  for (const c of cases) {
    const lead = Number.parseInt(createHash('sha256').update(c.id).digest('hex').slice(0, 8), 16);
    assert.equal(c.split, lead % 3 === 0 ? 'heldout' : 'dev', c.id);
  }
});

test('vitals gold: every text is whole turns copied verbatim from its source', { skip: !SHARED_DATA && 'shared data not found' }, () => {
  for (const c of cases) {
    const raw = c.source.corpus === 'primock57' ? primockTranscript(c.source.row) : csvCell(c.source.file, 'ID', c.source.row, 'dialogue');
    // MTS-Dialog cells end lines with CRLF; the gold texts keep LF only.
    const source = raw.replace(/\r\n?/g, '\n');
    assert.ok(`\n${source}\n`.includes(`\n${c.text}\n`), c.id);
  }
});
