// ReDoS audit: every regex the engines define is checked with recheck. A regex with
// exponential backtracking fails the test; a polynomial one fails unless it is listed in
// regex-baseline.json (known quadratic/cubic patterns, to be rewritten; the list may only shrink).
// Fuzzing runs with a fixed seed; a polynomial finding of the fuzzer alone (not proven by the
// automaton checker) outside the baseline is reported, since it depends on the time budget.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { check, type Diagnostics } from 'recheck';
import { engineRegexes, type RegexSource } from './regex-sources.ts';

// Per-regex analysis budget: a pattern recheck cannot decide in it is reported, not failed.
const ANALYSIS_MS = 1000;
const LANES = 4;

interface BaselineEntry { source: string; flags: string }
const baseline: BaselineEntry[] = JSON.parse(readFileSync(new URL('./regex-baseline.json', import.meta.url), 'utf8'));
const key = (r: { source: string; flags: string }) => `/${r.source}/${r.flags}`;

async function checkAll(regexes: RegexSource[]): Promise<Map<string, Diagnostics>> {
  const unique = [...new Map(regexes.map((r) => [key(r), r])).values()];
  const results = new Map<string, Diagnostics>();
  let next = 0;
  const lane = async () => {
    while (next < unique.length) {
      const r = unique[next++]!;
      results.set(key(r), await check(r.source, r.flags, { timeout: ANALYSIS_MS, randomSeed: 1 }));
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return results;
}

function describe(r: RegexSource, d: Diagnostics): string {
  const how = d.status === 'vulnerable' ? `${d.complexity.summary}; attack ${JSON.stringify(d.attack.pattern)}` : d.status;
  return `${r.where} ${key(r)}: ${how}`;
}

test('the audit finds the regex literals, constant RegExp calls and data patterns', () => {
  const regexes = engineRegexes();
  assert.ok(regexes.length > 500, `only ${regexes.length} regexes found`);
  assert.ok(regexes.some((r) => r.file.startsWith('data/')), 'no data-file pattern found');
  assert.ok(regexes.some((r) => r.where.startsWith('src/engines/clinical/coding/discourse.ts')));
});

test('no engine regex backtracks super-linearly (recheck), beyond the known baseline', { timeout: 600_000 }, async () => {
  const regexes = engineRegexes();
  const results = await checkAll(regexes);
  const allowed = new Set(baseline.map(key));
  const failures: string[] = [];
  const undecided: string[] = [];
  const seen = new Set<string>();
  for (const r of regexes) {
    if (seen.has(key(r))) continue;
    seen.add(key(r));
    const d = results.get(key(r))!;
    if (d.status === 'unknown') undecided.push(`${r.where} (${d.error.kind})`);
    if (d.status !== 'vulnerable') continue;
    if (allowed.has(key(r)) && d.complexity.type === 'polynomial') continue;
    if (d.complexity.type === 'exponential' || !d.complexity.isFuzz) failures.push(describe(r, d));
    else undecided.push(describe(r, d));
  }
  if (undecided.length) console.log(`${undecided.length} regexes undecided within ${ANALYSIS_MS} ms each, or polynomial by fuzzing only:\n  ${undecided.join('\n  ')}`);
  const stale = baseline.filter((b) => results.get(key(b))?.status === 'safe' || !results.has(key(b)));
  if (stale.length) console.log(`${stale.length} baseline entries are safe or gone now; remove them from regex-baseline.json`);
  assert.deepEqual(failures, [], `vulnerable regexes:\n${failures.join('\n')}`);
});
