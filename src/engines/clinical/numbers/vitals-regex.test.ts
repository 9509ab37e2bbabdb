// The vital-sign patterns are built from language data at load, out of the source audit's sight: checked here with recheck.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { check } from 'recheck';
import { SPLIT_READING } from './spoken.ts';
import { VITAL_PATTERNS as READING_PATTERNS } from './vitals.ts';
import {
  FIRST_PERSON, NORM_AFTER, POSITIONAL_LIST, READING_ELSEWHERE_BEFORE, READING_OWNER, READING_TODAY, TARGET_IN_CLAUSE, THIRD_PERSON, WEAK_TARGET_IN_CLAUSE, WEIGHED_BEFORE,
} from '../language/vitals.ts';

// The split-digit join is built from the same name lists, and so are the cues the visit reader tests a reading's clause with.
const CUES = [FIRST_PERSON, NORM_AFTER, POSITIONAL_LIST, READING_ELSEWHERE_BEFORE, READING_OWNER, READING_TODAY, TARGET_IN_CLAUSE, THIRD_PERSON, WEAK_TARGET_IN_CLAUSE, WEIGHED_BEFORE];
const VITAL_PATTERNS = [...READING_PATTERNS, SPLIT_READING];

// As in test/security/regex-audit.test.ts, only exponential backtracking fails: recheck's fuzzer
// reports the bounded name-to-number gap ({0,80}) as polynomial, though it costs at most 80 steps a name.
test('no vital-sign pattern built from the name lists backtracks exponentially', { timeout: 120_000 }, async () => {
  assert.ok(VITAL_PATTERNS.length >= 6, 'a pattern for each kind');
  for (const re of [...VITAL_PATTERNS, ...CUES]) {
    const d = await check(re.source, re.flags, { timeout: 5_000, randomSeed: 1 });
    const exponential = d.status === 'vulnerable' && d.complexity.type === 'exponential';
    assert.ok(!exponential, `exponential backtracking in ${re.source.slice(0, 60)}`);
  }
});

test('a long run of vital names with no reading is read in one pass', { timeout: 10_000 }, () => {
  // Each name scans at most its bounded gap: thousands of names and no numbers find nothing.
  const text = 'blood pressure pulse ox temperature weight sats '.repeat(2000);
  for (const re of VITAL_PATTERNS) assert.equal([...text.matchAll(re)].length, 0);
});
