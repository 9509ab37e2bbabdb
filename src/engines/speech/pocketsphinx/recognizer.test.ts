import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decoderArgs, decoderCommand, mergeFlags } from './recognizer.ts';

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
