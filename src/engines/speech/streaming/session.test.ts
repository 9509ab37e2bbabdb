// The live PocketSphinx session on real synthetic speech: one long espeak-ng turn whose
// sentences are separated only by short breaths, which the decoder's own detector never
// takes for the end of an utterance. Asserts structure and order — interim results while
// audio arrives, several finals, none longer than the utterance limit, words inside their
// final and in time order — never words or timings.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { streamLive } from '../spoken.test-data.ts';

const TURN = [
  'The pain started about three weeks ago in my lower back.',
  'It gets worse when I sit for a long time at work.',
  'I have been taking ibuprofen twice a day with some relief.',
  'There is no numbness or tingling in my legs.',
  'I also noticed some stiffness in the morning that lasts an hour.',
  'My father had arthritis and my mother has diabetes.',
  'I would like to try physical therapy before anything else.',
].join(' ');

const available = (() => {
  try {
    for (const program of ['espeak-ng', 'sox', 'pocketsphinx_continuous']) execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const dir = mkdtempSync(join(tmpdir(), 'clinscribe-stream-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a long turn streams as interim results and several finals, in order, none overlong', { skip: !available && 'espeak-ng, sox or PocketSphinx missing', timeout: 120_000 }, async () => {
  const wav = join(dir, 'turn.wav');
  execFileSync('espeak-ng', ['-v', 'en-us+m3', '-s', '165', '-w', join(dir, 'raw.wav'), TURN]);
  execFileSync('sox', [join(dir, 'raw.wav'), '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', wav]);
  const file = readFileSync(wav);
  const pcm = file.subarray(file.indexOf('data') + 8);
  const duration = pcm.length / 32000;
  assert.ok(duration > 15, 'a turn long enough to need cutting');

  const messages = await streamLive(pcm); // twice real time, 100 ms chunks
  assert.ok(messages.some((m) => !m.is_final), 'interim results while audio arrives');
  const finals = messages.filter((m) => m.is_final);
  assert.ok(finals.length >= 3, 'one turn without a long pause still gives several finals');
  let previousEnd = 0;
  for (const final of finals) {
    assert.ok(final.audio_start <= final.audio_end && final.audio_end <= duration + 0.05);
    assert.ok(final.audio_start >= previousEnd - 0.05, 'finals in time order, not overlapping');
    assert.ok(final.duration <= 10, 'no utterance held beyond the limit');
    assert.equal(final.text, final.words.map((w) => w.word).join(' '));
    let previousWord = final.audio_start - 0.05;
    for (const w of final.words) {
      assert.ok(w.start >= previousWord && w.start < w.end, 'words in time order');
      assert.ok(w.end <= final.audio_end + 0.05, 'words inside their final');
      assert.ok(w.confidence >= 0 && w.confidence <= 1);
      previousWord = w.start;
    }
    previousEnd = final.audio_end;
  }
  assert.ok(finals.flatMap((m) => m.words).length >= 25, 'most of the turn is in the finals');
});
