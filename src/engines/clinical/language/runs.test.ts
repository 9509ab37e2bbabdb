// Runs of leading words ("okay, so, and then …") split one way only, so a failed match cannot
// backtrack through every split of a long run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runAlternation } from './data.ts';
import { opensAsQuestion, withoutLeadingWords } from './discourse.ts';

test('a phrase made of other words of the list is left out of a run alternation', () => {
  const alt = runAlternation(['and', 'then', 'and then', 'all right']);
  assert.ok(!alt.includes('and\\s+then'));
  assert.ok(alt.includes('all\\s+right'));
});

test('a long run of leading words before no question reads as no question, and a question after one still reads', () => {
  // With "and then" as an alternative of its own, this run split 2^60 ways before failing.
  assert.equal(opensAsQuestion(`${'and then '.repeat(60)}pain`), false);
  assert.equal(opensAsQuestion('and then how long has it hurt'), true);
  assert.equal(withoutLeadingWords('okay, and then so the knee'), 'the knee');
});
