// The diarizer on real synthetic speech: espeak-ng voices far apart in timbre and pitch,
// joined by sox with short pauses. Asserts structure (how many voices, who speaks where),
// never words.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { decodeToPcm } from '../audio/decode.ts';
import { diarize, speakerAt } from './diarize.ts';
import { extractFeatures } from './features.ts';
import { detectSpeech } from './vad.ts';
import { speakTurns } from '../spoken.test-data.ts';

const VOICES: Record<string, string[]> = {
  a: ['-v', 'en-us+m3', '-p', '35', '-s', '160'],
  b: ['-v', 'en-us+f4', '-p', '75', '-s', '155'],
  c: ['-v', 'en-us+m7', '-p', '60', '-s', '170'],
};

const available = (() => {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    execFileSync('sox', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const dir = mkdtempSync(join(tmpdir(), 'clinscribe-diarize-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Speaks one line per voice key with 0.5 s pauses; returns the file and turn times. */
const speak = (name: string, keys: string[]) => speakTurns(dir, name, keys, VOICES, 0.5);

async function run(path: string, maxSpeakers?: number) {
  const source = await decodeToPcm(path);
  const features = await extractFeatures(source);
  const regions = detectSpeech(features);
  return diarize(features, regions, { maxSpeakers });
}

/** Every turn's middle is attributed to one label per voice, distinct between voices. */
function assertAttribution(turns: { voice: string; start: number; end: number }[], result: ReturnType<typeof diarize>): void {
  const labelOf = new Map<string, number>();
  for (const t of turns) {
    const label = speakerAt(result.turns, (t.start + t.end) / 2);
    if (!labelOf.has(t.voice)) labelOf.set(t.voice, label);
    assert.equal(label, labelOf.get(t.voice), `voice ${t.voice} changed label`);
  }
  assert.equal(new Set(labelOf.values()).size, labelOf.size, 'two voices share a label');
}

test('two alternating voices: two speakers, each turn attributed to its voice', { skip: !available }, async () => {
  const { path, turns } = speak('two', ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
  const result = await run(path);
  assert.equal(result.speakers, 2);
  assertAttribution(turns, result);
  // Turns are ordered, non-overlapping, numbered by first appearance.
  assert.equal(result.turns[0].speaker, 0);
  for (let i = 1; i < result.turns.length; i++) assert.ok(result.turns[i].start >= result.turns[i - 1].end - 1e-9);
});

test('one voice is one speaker, not two halves of it', { skip: !available }, async () => {
  const { path } = speak('one', ['b', 'b', 'b', 'b', 'b', 'b']);
  const result = await run(path);
  assert.equal(result.speakers, 1);
  assert.ok(result.turns.every((t) => t.speaker === 0));
});

test('three voices with their own pitch are counted as three', { skip: !available }, async () => {
  const { path, turns } = speak('three', ['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  const result = await run(path);
  assert.equal(result.speakers, 3);
  assertAttribution(turns, result);
});

test('a short five-turn exchange stays two speakers (a questioning voice is not a third one)', { skip: !available }, async () => {
  const { path, turns } = speak('short', ['a', 'b', 'a', 'b', 'a']);
  const result = await run(path);
  assert.equal(result.speakers, 2);
  assertAttribution(turns, result);
});

test('maxSpeakers caps the count', { skip: !available }, async () => {
  const { path } = speak('capped', ['a', 'b', 'a', 'b', 'a', 'b']);
  const result = await run(path, 1);
  assert.equal(result.speakers, 1);
});
