import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { resolveModels } from './models.ts';
import { decoderArgs, decoderCommand, mergeFlags, recognizeRange } from './recognizer.ts';

const models = { hmm: '/m/en-us', lm: '/m/x.lm.bin', dict: '/m/x.dict', flags: ['-maxwpf', '5', '-fwdflat', 'no'] };

test('later flags replace earlier ones of the same name, order otherwise kept', () => {
  assert.deepEqual(mergeFlags(['-a', '1', '-b', '2'], ['-b', '3'], ['-c', '4', '-a', '5']), ['-b', '3', '-c', '4', '-a', '5']);
});

test('decoder arguments carry the models, the tuned flags and per-use extras once each', () => {
  const args = decoderArgs(models, ['-fwdflat', 'yes', '-bestpath', 'no']);
  const at = (name: string) => args[args.indexOf(name) + 1];
  assert.equal(at('-hmm'), '/m/en-us');
  assert.equal(at('-lm'), '/m/x.lm.bin');
  assert.equal(at('-dict'), '/m/x.dict');
  assert.equal(at('-infile'), '/dev/stdin');
  assert.equal(at('-maxwpf'), '5');
  assert.equal(at('-fwdflat'), 'yes');
  assert.equal(at('-bestpath'), 'no');
  assert.equal(args.filter((a) => a === '-fwdflat').length, 1);
  assert.equal(args.length % 2, 0);
});

test('the decoder is started through a shell pipe so it can open /dev/stdin', () => {
  const [command, args] = decoderCommand({ hmm: 'h', lm: 'l', dict: 'd' });
  assert.equal(command, '/bin/sh');
  assert.equal(args[0], '-c');
  assert.match(args[1], /cat \| /);
  assert.equal(args[2], 'pocketsphinx_continuous');
});

const speechTools = (() => {
  try {
    for (const program of ['espeak-ng', 'sox', 'pocketsphinx_continuous']) execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('the utterance still open at the end of a range is not lost, whatever the range length', { skip: !speechTools && 'espeak-ng, sox or PocketSphinx missing', timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinscribe-recognizer-test-'));
  try {
    const raw = join(dir, 'speech.raw');
    execFileSync('espeak-ng', ['-v', 'en-us+f3', '-w', join(dir, 'speech.wav'), 'I took ibuprofen twice yesterday but it only helped a little.']);
    execFileSync('sox', [join(dir, 'speech.wav'), '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', '-t', 'raw', raw]);
    const bytes = statSync(raw).size;
    const source = { path: raw, offset: 0, bytes, durationSec: bytes / 32000, dispose: async () => {} };
    const models = resolveModels();
    // Ends a few hundred samples apart, all before the decoder would hear a pause.
    for (let cut = 0; cut < 8; cut++) {
      const end = bytes - cut * 346;
      const words = await recognizeRange(source, 0, end, models);
      assert.ok(words.length > 0, `words when the range ends ${cut * 173} samples early`);
      assert.ok(words.every((w) => w.end <= end / 32000 + 0.01), 'inside the range');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
