// Live speaker labels on real synthetic speech: espeak-ng voices (en-us+m3, en-us+f3) joined
// by sox, streamed through the live session at twice real time. Asserts structure — two
// voices get two speaker numbers, each turn's words the number of its voice, speaker 0 for
// whoever spoke first; one voice keeps one number — never words or timings.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { StreamingTranscript } from '../../ports.ts';
import { extractFeatures, FeatureStream } from '../diarization/features.ts';
import { type SpokenTurn, speakTurns, streamLive } from '../spoken.test-data.ts';

const VOICES: Record<string, string[]> = {
  m: ['-v', 'en-us+m3', '-p', '35', '-s', '160'],
  f: ['-v', 'en-us+f3', '-p', '75', '-s', '155'],
};

const available = (() => {
  try {
    for (const program of ['espeak-ng', 'sox', 'soxi', 'pocketsphinx_continuous']) execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skip = !available && 'espeak-ng, sox or PocketSphinx missing';
const dir = mkdtempSync(join(tmpdir(), 'clinscribe-live-speakers-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));


/** Speaks one line per voice key, joined with 0.6 s pauses: 16 kHz PCM and turn times. */
const speak = (name: string, keys: string[]) => speakTurns(dir, name, keys, VOICES, 0.6);

const stream = streamLive;

/** Labels of the final words whose middle falls inside a turn (away from its edges). */
function labelsByTurn(messages: StreamingTranscript[], turns: SpokenTurn[]): number[][] {
  const words = messages.filter((m) => m.is_final).flatMap((m) => m.words);
  return turns.map((t) => words.filter((w) => (w.start + w.end) / 2 > t.start + 0.1 && (w.start + w.end) / 2 < t.end - 0.1).map((w) => w.speaker));
}

test('the live feature stream computes the upload features frame for frame', { skip }, async () => {
  const { path, pcm } = speak('features', ['m']);
  const live = new FeatureStream();
  // Odd chunk sizes: samples and frames split across pushes.
  for (let at = 0; at < pcm.length; at += 1001) live.push(pcm.subarray(at, at + 1001));
  const file = await extractFeatures({ path, offset: readFileSync(path).indexOf('data') + 8, bytes: pcm.length, durationSec: pcm.length / 32000, dispose: async () => {} });
  const view = live.view(0, live.ready);
  assert.ok(view.count > 100 && view.count <= file.count);
  for (let f = 0; f < view.count; f++) {
    assert.ok(Math.abs(view.energy[f] - file.energy[f]) < 1e-4, `energy of frame ${f}`);
    assert.ok(Math.abs(view.cepstra[f * 12 + 3] - file.cepstra[f * 12 + 3]) < 1e-3, `cepstrum of frame ${f}`);
    assert.ok(Math.abs(view.pitch[f] - file.pitch[f]) < 1e-3, `pitch of frame ${f}`);
  }
});

test('two alternating voices stream with two speaker numbers, each turn its voice’s', { skip, timeout: 120_000 }, async () => {
  const { pcm, turns } = speak('two', ['m', 'f', 'm', 'f', 'm', 'f']);
  const messages = await stream(pcm);
  const byTurn = labelsByTurn(messages, turns);
  const labelOf = new Map<string, number>();
  byTurn.forEach((labels, i) => {
    assert.ok(labels.length > 0, `turn ${i} has final words`);
    // The turn's own voice: the label most of its words carry.
    const counts = new Map<number, number>();
    for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
    const [label, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    assert.ok(n >= labels.length * 0.8, `turn ${i} mostly one speaker`);
    const voice = turns[i].voice;
    if (!labelOf.has(voice)) labelOf.set(voice, label);
    assert.equal(label, labelOf.get(voice), `voice ${voice} kept its number`);
  });
  assert.equal(labelOf.get('m'), 0, 'speaker 0 is whoever spoke first');
  assert.equal(labelOf.get('f'), 1);
  const all = messages.filter((m) => m.is_final).flatMap((m) => m.words.map((w) => w.speaker));
  assert.deepEqual([...new Set(all)].sort(), [0, 1]);
  for (const m of messages) for (const w of m.words) assert.ok(Number.isInteger(w.speaker) && w.speaker >= 0 && w.speaker < 4);
});

test('one voice streams as one speaker', { skip, timeout: 120_000 }, async () => {
  const { pcm } = speak('one', ['f', 'f', 'f', 'f', 'f']);
  const messages = await stream(pcm);
  const finals = messages.filter((m) => m.is_final).flatMap((m) => m.words);
  assert.ok(finals.length > 10);
  assert.ok(finals.every((w) => w.speaker === 0));
  assert.ok(messages.flatMap((m) => m.words).every((w) => w.speaker === 0), 'interim results too');
});
