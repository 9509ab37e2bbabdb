import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readSendump, writeS3MixtureWeights } from './mixture-weights.ts';

/** A sendump as PocketSphinx's tools write it: header strings, then [feature][density][senone] bytes. */
function sendump(features: number, densities: number, senones: number, value: (f: number, d: number, s: number) => number): Buffer {
  const parts: Buffer[] = [];
  const string = (text: string) => {
    const bytes = Buffer.from(`${text}\0`, 'latin1');
    const length = Buffer.alloc(4);
    length.writeInt32LE(bytes.length);
    parts.push(length, bytes);
  };
  string('BEGIN FILE FORMAT DESCRIPTION');
  string('cluster_count 0');
  string(`feature_count ${features}`);
  const tail = Buffer.alloc(12);
  tail.writeInt32LE(0, 0);
  tail.writeInt32LE(densities, 4);
  tail.writeInt32LE(senones, 8);
  parts.push(tail);
  const data = Buffer.alloc(features * densities * senones);
  for (let f = 0; f < features; f++) for (let d = 0; d < densities; d++) for (let s = 0; s < senones; s++) data[(f * densities + d) * senones + s] = value(f, d, s);
  parts.push(data);
  return Buffer.concat(parts);
}

test('sendump weights come back per senone and feature, in order, summing to one', () => {
  // Senone 0 prefers density 0 (smaller stored value = likelier); senone 1 density 1.
  const mixw = readSendump(sendump(2, 2, 2, (_f, d, s) => (d === s ? 0 : 40)));
  assert.deepEqual([mixw.senones, mixw.features, mixw.densities], [2, 2, 2]);
  const at = (s: number, f: number, d: number) => mixw.values[(s * 2 + f) * 2 + d];
  for (let s = 0; s < 2; s++) {
    for (let f = 0; f < 2; f++) {
      assert.ok(Math.abs(at(s, f, 0) + at(s, f, 1) - 1) < 1e-6);
      assert.ok(at(s, f, s) > 0.98, 'the density with the small stored value dominates');
    }
  }
  // 40 steps of 1024·ln(1.0001): a ratio of e^-4.1.
  assert.ok(Math.abs(at(0, 0, 1) / at(0, 0, 0) - Math.exp(-40 * 1024 * Math.log(1.0001))) < 1e-6);
});

test('a sendump whose size does not match its header is refused', () => {
  const good = sendump(1, 2, 3, () => 1);
  assert.throws(() => readSendump(good.subarray(0, good.length - 1)), /size/);
});

test('the SphinxTrain file holds an aligned header, the byte-order mark, dimensions and the floats', () => {
  const mixw = readSendump(sendump(1, 2, 3, (_f, d) => d * 10));
  const file = writeS3MixtureWeights(mixw);
  const end = file.indexOf('endhdr\n') + 'endhdr\n'.length;
  assert.equal(end % 4, 0);
  assert.match(file.subarray(0, end).toString('latin1'), /^s3\nversion 1\.0\n/);
  assert.equal(file.readUInt32LE(end), 0x11223344);
  assert.deepEqual([1, 2, 3, 4].map((i) => file.readUInt32LE(end + 4 * i)), [3, 1, 2, 6]);
  assert.equal(file.length, end + 20 + 6 * 4);
  assert.ok(Math.abs(file.readFloatLE(end + 20) - mixw.values[0]) < 1e-7);
});

const debianSendump = '/usr/share/pocketsphinx/model/en-us/en-us/sendump';
test("Debian's en-us sendump reads as 5126 senones × 3 features × 128 densities", { skip: !existsSync(debianSendump) && 'pocketsphinx-en-us missing' }, () => {
  const mixw = readSendump(readFileSync(debianSendump));
  assert.deepEqual([mixw.senones, mixw.features, mixw.densities], [5126, 3, 128]);
  let sum = 0;
  for (let d = 0; d < 128; d++) sum += mixw.values[d];
  assert.ok(Math.abs(sum - 1) < 1e-4);
});
