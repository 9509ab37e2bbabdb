// The second pass on real synthetic speech (two espeak-ng voices): one MLLR transform per
// speaker from the real sphinx_fe/bw/mllr_solve pipeline, and a transcript whose words keep
// timings and speakers. Asserts structure, never words.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { speakTurns } from '../spoken.test-data.ts';
import { SPHINXTRAIN_DIRS } from '../adaptation/trainer.ts';
import { createPocketSphinxEngine } from './engine.ts';
import { inSpans, type SecondPassResult, speakerSpans, splitSpans } from './two-pass.ts';

const VOICES: Record<string, string[]> = {
  a: ['-v', 'en-us+m3', '-p', '35', '-s', '160'],
  b: ['-v', 'en-us+f4', '-p', '75', '-s', '155'],
};

const tools = (() => {
  try {
    for (const program of ['espeak-ng', 'sox', 'pocketsphinx_continuous', 'sphinx_fe']) execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return SPHINXTRAIN_DIRS.some((d) => existsSync(join(d, 'bw')));
  } catch {
    return false;
  }
})();
const dir = mkdtempSync(join(tmpdir(), 'clinscribe-two-pass-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a speaker\'s turns merge into spans; words are placed by their midpoint', () => {
  const turns = [{ start: 0, end: 2, speaker: 0 }, { start: 2.02, end: 3, speaker: 0 }, { start: 3.5, end: 5, speaker: 1 }, { start: 6, end: 7, speaker: 0 }];
  const spans = speakerSpans(turns, 0);
  assert.deepEqual(spans, [{ start: 0, end: 3 }, { start: 6, end: 7 }]);
  assert.equal(inSpans({ word: 'w', start: 2.9, end: 3.2, confidence: 1 }, spans), false);
  assert.equal(inSpans({ word: 'w', start: 2.7, end: 3.1, confidence: 1 }, spans), true);
});

test('long speakers are split for parallel decoders, short ones stay whole', () => {
  const spans = Array.from({ length: 20 }, (_, i) => ({ start: i * 10, end: i * 10 + 9 }));
  assert.equal(splitSpans(spans, 2).length, 2);
  assert.deepEqual(splitSpans(spans, 2).flat(), spans);
  assert.equal(splitSpans(spans.slice(0, 3), 2).length, 1);
});

test('two passes: one MLLR transform per speaker, words with timings and speakers', { skip: !tools && 'espeak-ng, sox, PocketSphinx or SphinxTrain missing', timeout: 120_000 }, async () => {
  const { path, turns } = speakTurns(dir, 'visit', ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b'], VOICES, 0.6);
  let seen: SecondPassResult | undefined;
  let transformsExisted = false;
  const notices: string[] = [];
  const engine = createPocketSphinxEngine({
    passes: 2,
    secondPass: {
      // A short test recording: a low bar, so each voice has enough words (the pipeline is what is tested).
      minAdaptSeconds: 1,
      minConfidence: 0.3,
      onNotice: (reason) => notices.push(reason),
      inspect: (result) => {
        seen = result;
        transformsExisted = [...result.transforms.values()].every((file) => existsSync(file) && /^\s*\d+\s+\d+/.test(readFileSync(file, 'utf8')));
      },
    },
  });
  const result = await engine.transcribe({ audioPath: path });
  assert.deepEqual(notices, []);
  assert.ok(seen, 'the second pass ran');
  assert.deepEqual(seen.adapted, [0, 1], 'both speakers adapted');
  assert.equal(seen.transforms.size, 2);
  assert.ok(transformsExisted, 'an MLLR matrix file per speaker');
  assert.ok(![...seen.transforms.values()].some(existsSync), 'the work folder is removed afterwards');
  const words = result.channels[0].words;
  assert.ok(words.length >= 20, 'words recognised');
  assert.ok(words.every((w, i) => w.start <= w.end && (i === 0 || words[i - 1].start <= w.start)), 'timed, in order');
  // Speakers alternate with the voices: the word in the middle of each turn has that turn's label.
  const labelOf = (t: (typeof turns)[number]) => words.find((w) => w.start >= t.start && w.end <= t.end)?.speaker;
  const labels = turns.map(labelOf);
  assert.ok(labels.every((l) => l !== undefined), 'every turn has words');
  assert.notEqual(labels[0], labels[1]);
  assert.deepEqual(labels, turns.map((t) => (t.voice === 'a' ? labels[0] : labels[1])));
});

test('without SphinxTrain the second pass says why and keeps the first pass', { skip: !tools && 'espeak-ng, sox or PocketSphinx missing', timeout: 60_000 }, async () => {
  const { path } = speakTurns(dir, 'short', ['a', 'b', 'a', 'b'], VOICES, 0.6);
  const notices: string[] = [];
  const twoPass = createPocketSphinxEngine({ passes: 2, secondPass: { trainerDirs: [join(dir, 'nowhere')], onNotice: (r) => notices.push(r) } });
  const onePass = createPocketSphinxEngine({ passes: 1 });
  const [a, b] = [await twoPass.transcribe({ audioPath: path }), await onePass.transcribe({ audioPath: path })];
  assert.equal(notices.length, 1);
  assert.match(notices[0], /sphinxtrain/i);
  assert.deepEqual(a, b);
});
