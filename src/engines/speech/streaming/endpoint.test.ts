// The endpointer on synthetic signals: where it cuts (inside pauses, never in a short
// utterance, at the latest at the hard limit), and that chunk sizes do not matter.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Endpointer, type EndpointTuning, SPEECH_LEVEL } from './endpoint.ts';

const RATE = 16000;

/** Speech-like noise (about -20 dBFS) where `loud(t)` holds, faint noise (-90 dBFS) elsewhere. */
function signal(seconds: number, loud: (t: number) => boolean): Buffer {
  const pcm = Buffer.alloc(Math.round(seconds * RATE) * 2);
  let seed = 1;
  for (let i = 0; i < pcm.length / 2; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = seed / 0x3fffffff - 1;
    pcm.writeInt16LE(Math.round(noise * (loud(i / RATE) ? 5000 : 1)), i * 2);
  }
  return pcm;
}

/** Cut times in seconds, pushing `pcm` in chunks of `chunk` bytes. */
function cuts(pcm: Buffer, chunk = 3200, tuning: EndpointTuning = {}): number[] {
  const endpointer = new Endpointer(tuning);
  const out: number[] = [];
  for (let at = 0; at < pcm.length; at += chunk) {
    for (const cut of endpointer.push(pcm.subarray(at, at + chunk)).cuts) out.push((at + cut) / (RATE * 2));
  }
  return out;
}

// Talk from 0.5 s to 20.5 s, with a 150 ms breath every 1.5 s and nothing longer.
const inGap = (t: number) => (t - 0.5) % 1.5 >= 1.35;
const talk = signal(21, (t) => t >= 0.5 && t < 20.5 && !inGap(t));

test('a long turn with only short breaths is cut inside the breaths, never early', () => {
  const found = cuts(talk);
  assert.ok(found.length >= 3, 'a 20 s turn is cut into several utterances');
  let previous = 0.5;
  for (const cut of found) {
    assert.ok(inGap(cut - 0.001), `cut at ${cut} s lies in a breath`);
    assert.ok(cut - previous >= 3, 'no cut before the soft length');
    assert.ok(cut - previous <= 8 + 1.5, 'none much longer than the longest utterance');
    previous = cut;
  }
});

test('the cuts do not depend on how the audio is chunked', () => {
  assert.deepEqual(cuts(talk, 777), cuts(talk, 3200));
  assert.deepEqual(cuts(talk, 32000), cuts(talk, 3200));
});

test('utterances shorter than the soft length are left to the decoder to end', () => {
  const turns = signal(12, (t) => (t > 1 && t < 3.5) || (t > 4.5 && t < 7) || (t > 8.5 && t < 11));
  assert.deepEqual(cuts(turns), []);
});

test('talk without any pause is cut at the hard limit', () => {
  const found = cuts(signal(25, (t) => t >= 0.5 && t < 24.5));
  assert.ok(found.length >= 2);
  let previous = 0.5;
  for (const cut of found) {
    assert.ok(cut - previous <= 8 + 0.02, 'no utterance beyond the hard limit');
    previous = cut;
  }
});

test('a pause to hand to the decoder is quiet background noise of the asked length', () => {
  const endpointer = new Endpointer();
  endpointer.push(talk.subarray(0, 4 * RATE * 2));
  const pause = endpointer.pause(40);
  assert.equal(pause.length, 40 * 320);
  const samples = new Int16Array(pause.buffer, pause.byteOffset, pause.length / 2);
  const power = samples.reduce((sum, s) => sum + (s / 32768) ** 2, 0) / samples.length;
  assert.ok(Math.log10(power + 1e-10) < SPEECH_LEVEL, 'below the speech level');
  assert.ok(samples.some((s) => s !== samples[0]), 'noise, not a repeated value');
});
