// Guards the team-written coding visit set: every visit labelled exactly once, every code billable in
// FY2026 with a reason, no duplicate codes, transcripts in the [doctor]/[patient] turn format, and the
// held-out split by position fixed before labelling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billableCodes } from '../coding-gold/build.ts';
import { loadLabels, loadSet, loadVisits } from './set.ts';

const valid = billableCodes();

test('every visit has one label line and every label line a visit', () => {
  const ids = loadVisits().map((v) => v.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate visit id');
  assert.deepEqual([...loadLabels().keys()].sort(), [...ids].sort());
});

test('codes are billable FY2026 codes with reasons; a visit with none says why', () => {
  for (const v of loadSet()) {
    if (v.codes.length === 0) assert.ok((v.noCodeReason ?? '').length >= 5, `${v.id} has no codes and no reason`);
    else assert.equal(v.noCodeReason, undefined, `${v.id} has codes and a no-code reason`);
    assert.equal(new Set(v.codes.map((c) => c.code)).size, v.codes.length, `${v.id}: duplicate code`);
    for (const c of v.codes) {
      assert.ok(valid.has(c.code), `${v.id} ${c.code} is not billable in FY2026`);
      assert.ok(c.reason.length >= 5, `${v.id} ${c.code} reason`);
    }
  }
});

test('transcripts are 12-40 [doctor]/[patient] turns', () => {
  for (const v of loadVisits()) {
    assert.ok(v.turns.length >= 12 && v.turns.length <= 40, `${v.id}: ${v.turns.length} turns`);
    for (const t of v.turns) assert.match(t, /^\[(doctor|patient)\] \S/, v.id);
  }
});

test('held out: 1-based position divisible by 3', () => {
  const set = loadSet();
  set.forEach((v, i) => assert.equal(v.split, (i + 1) % 3 === 0 ? 'heldout' : 'dev', v.id));
  assert.equal(set.filter((v) => v.split === 'heldout').length, Math.floor(set.length / 3));
});
