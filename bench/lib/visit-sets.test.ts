// Guards every team-written coding visit set: each visit labelled exactly once, every code billable in
// FY2026 with a reason, no duplicate codes, transcripts in the [doctor]/[patient] turn format within the
// set's turn range, and the split by position that was fixed before the set's labels were written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { billableCodes } from '../data/coding-gold/build.ts';
import { loadLabels, loadSet, loadVisits, threeWay, twoWay, VISIT_SETS } from './visit-sets.ts';

const valid = billableCodes();

for (const spec of VISIT_SETS) {
  test(`${spec.name}: every visit has one label line and every label line a visit`, () => {
    const ids = loadVisits(spec).map((v) => v.id);
    assert.equal(new Set(ids).size, ids.length, 'duplicate visit id');
    assert.deepEqual([...loadLabels(spec).keys()].sort(), [...ids].sort());
  });

  test(`${spec.name}: codes are billable FY2026 codes with reasons; a visit with none says why`, () => {
    for (const v of loadSet(spec)) {
      if (v.codes.length === 0) assert.ok((v.noCodeReason ?? '').length >= 5, `${v.id} has no codes and no reason`);
      else assert.equal(v.noCodeReason, undefined, `${v.id} has codes and a no-code reason`);
      assert.equal(new Set(v.codes.map((c) => c.code)).size, v.codes.length, `${v.id}: duplicate code`);
      for (const c of v.codes) {
        assert.ok(valid.has(c.code), `${v.id} ${c.code} is not billable in FY2026`);
        assert.ok(c.reason.length >= 5, `${v.id} ${c.code} reason`);
      }
    }
  });

  test(`${spec.name}: transcripts are ${spec.turns.min}-${spec.turns.max} doctor/patient turns in one labelling style`, () => {
    for (const v of loadVisits(spec)) {
      assert.ok(v.turns.length >= spec.turns.min && v.turns.length <= spec.turns.max, `${v.id}: ${v.turns.length} turns`);
      // '[doctor] …' (ambient-scribe style) or 'Doctor: …' (clean transcript style), not mixed in one visit.
      const style = /^\[(doctor|patient)\] \S/.test(v.turns[0]!) ? /^\[(doctor|patient)\] \S/ : /^(Doctor|Patient): \S/;
      for (const t of v.turns) assert.match(t, style, v.id);
    }
  });

  test(`${spec.name}: the split follows the 1-based position rule`, () => {
    const set = loadSet(spec);
    set.forEach((v, i) => assert.equal(v.split, spec.splitOf(i + 1), v.id));
    assert.equal(set.filter((v) => v.split === 'heldout').length, Math.floor(set.length / 3));
  });
}

test('the split rules: every third visit held out; three-way sets keep a check third', () => {
  const rule = (splitOf: (position: number) => string): string => [1, 2, 3, 4, 5, 6].map(splitOf).join(' ');
  assert.equal(rule(twoWay), 'dev dev heldout dev dev heldout');
  assert.equal(rule(threeWay), 'dev check heldout dev check heldout');
});
