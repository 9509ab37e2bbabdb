// The section cues built from clinical-terms.json: what each cues, stems reaching their words, and no pattern that backtracks exponentially.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check } from 'recheck';
import { SECTION_CUES } from './clinical-terms.ts';

test('"see you" is goodbye unless a follow-up word comes next', () => {
  assert.ok(SECTION_CUES.chatter.test('okay, see you.'));
  assert.ok(SECTION_CUES.chatter.test('nice to meet you'));
  assert.ok(!SECTION_CUES.chatter.test('we will see you back in two weeks'));
  assert.ok(!SECTION_CUES.chatter.test('i will see you in a month'));
});

test('stems reach their words, and a lead takes only its own verbs', () => {
  assert.ok(SECTION_CUES.exam.test('on auscultation the lungs are clear'));
  assert.ok(SECTION_CUES.exam.test('some wheezing on the left'));
  assert.ok(SECTION_CUES.plan.test("i'm prescribing amoxicillin"));
  assert.ok(SECTION_CUES.plan.test("let's try a lower dose"));
  assert.ok(!SECTION_CUES.plan.test("let's see what happens"));
  assert.ok(SECTION_CUES.results.test('your x-ray showed a small fracture'));
  assert.ok(SECTION_CUES.planned.test("we'll have the results back friday"));
  assert.ok(SECTION_CUES.bareAnswer.test('nope, not that i noticed'));
  assert.ok(!SECTION_CUES.bareAnswer.test('nobody at home is sick'));
});

// Built from data at load, out of the source audit's sight; as there, only exponential backtracking fails.
test('no section-cue pattern backtracks exponentially', { timeout: 120_000 }, async () => {
  for (const re of Object.values(SECTION_CUES)) {
    const d = await check(re.source, re.flags, { timeout: 5_000, randomSeed: 1 });
    assert.ok(!(d.status === 'vulnerable' && d.complexity.type === 'exponential'), `exponential backtracking in ${re.source.slice(0, 60)}`);
  }
});
