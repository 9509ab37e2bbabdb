// ReDoS audit: every regex the engines define is checked with recheck. A regex with
// exponential backtracking fails the test. Polynomial ones are listed: those in
// regex-baseline.json are known (to be rewritten; the list may only shrink), others are
// reported by name. Whether recheck decides a polynomial case within its time budget varies
// with machine load (a test failing on them would be flaky), so only the exponential class
// fails the test; the engine pool's deadlines bound what a polynomial one can cost.
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

test('no engine regex backtracks exponentially (recheck); polynomial ones are listed', { timeout: 600_000 }, async () => {
  const regexes = engineRegexes();
  const results = await checkAll(regexes);
  const allowed = new Set(baseline.map(key));
  const failures: string[] = [];
  const undecided: string[] = [];
  const unlisted: string[] = [];
  const seen = new Set<string>();
  for (const r of regexes) {
    if (seen.has(key(r))) continue;
    seen.add(key(r));
    const d = results.get(key(r))!;
    if (d.status === 'unknown') undecided.push(`${r.where} (${d.error.kind})`);
    if (d.status !== 'vulnerable') continue;
    if (d.complexity.type === 'exponential') failures.push(describe(r, d));
    else if (!allowed.has(key(r))) unlisted.push(describe(r, d));
  }
  if (undecided.length) console.log(`${undecided.length} regexes undecided within ${ANALYSIS_MS} ms each:\n  ${undecided.join('\n  ')}`);
  if (unlisted.length) console.log(`${unlisted.length} polynomial regexes not in regex-baseline.json (rewrite them, or list them):\n  ${unlisted.join('\n  ')}`);
  const stale = baseline.filter((b) => results.get(key(b))?.status === 'safe' || !results.has(key(b)));
  if (stale.length) console.log(`${stale.length} baseline entries are safe or gone now; remove them from regex-baseline.json`);
  assert.deepEqual(failures, [], `vulnerable regexes:\n${failures.join('\n')}`);
});
