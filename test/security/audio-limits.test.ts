// Audio limits: an upload is probed before anything decodes it; over the duration, channel,
// sample-rate or decoded-size limit it is refused at once with the limit named. Decoding is
// capped too, so a file whose header lies still cannot decode without bound.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { decodeToPcm } from '../../src/engines/speech/audio/decode.ts';
import { EngineError } from '../../src/engines/ports.ts';
import { multipart } from '../helpers/audio.ts';
import { type Harness, startHarness } from '../helpers/harness.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'clinscribe-audio-limits-'));

/** Silence made by sox: `seconds` long, at `rate` Hz with `channels` channels, as FLAC (a few KB). */
async function silence(name: string, seconds: number, rate = 16000, channels = 1): Promise<string> {
  const path = join(dir, name);
  // -D: no dither, so silence stays digital silence and compresses to almost nothing.
  await run('sox', ['-D', '-n', '-r', String(rate), '-c', String(channels), '-b', '16', path, 'trim', '0', String(seconds)]);
  return path;
}

describe('audio limits at upload', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite', {
      workers: false,
      env: { CLINSCRIBE_MAX_AUDIO_SECONDS: '60', CLINSCRIBE_MAX_AUDIO_CHANNELS: '2', CLINSCRIBE_MAX_AUDIO_SAMPLE_RATE: '48000' },
    });
  });
  after(() => h.close());

  const upload = (file: string, fields: Record<string, string> = {}) => {
    const parts = [{ name: 'audio', value: readFileSync(file), filename: 'visit.flac' }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))];
    const { body, contentType } = multipart(parts);
    return h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers: { ...h.stable, 'content-type': contentType }, payload: body });
  };

  test('a small FLAC that decodes to far more than the duration limit is refused with 413 naming it', async () => {
    const file = await silence('long.flac', 600);
    assert.ok(readFileSync(file).length < 200_000, 'the FLAC should be small: the point is what it decodes to');
    const res = await upload(file);
    assert.equal(res.statusCode, 413);
    assert.match(res.json().data.message, /CLINSCRIBE_MAX_AUDIO_SECONDS/);
  });

  test('too many channels or too high a sample rate is refused with 422 naming the limit', async () => {
    const channels = await upload(await silence('surround.flac', 2, 16000, 4));
    assert.equal(channels.statusCode, 422);
    assert.match(channels.json().data.message, /CLINSCRIBE_MAX_AUDIO_CHANNELS/);
    const rate = await upload(await silence('fast.flac', 2, 96000));
    assert.equal(rate.statusCode, 422);
    assert.match(rate.json().data.message, /CLINSCRIBE_MAX_AUDIO_SAMPLE_RATE/);
  });

  test('audio within the limits is accepted', async () => {
    const res = await upload(await silence('short.flac', 5));
    assert.equal(res.statusCode, 201);
  });
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('a decode stops at its byte cap and fails naming the limit', async () => {
  const file = await silence('cap.flac', 30);
  await assert.rejects(decodeToPcm(file, { maxBytes: 10 * 32_000 }), (error: Error) => {
    assert.ok(error instanceof EngineError);
    assert.match(error.message, /CLINSCRIBE_MAX_DECODED_AUDIO_BYTES/);
    return true;
  });
  const whole = await decodeToPcm(file, { maxBytes: 31 * 32_000 });
  try {
    assert.equal(whole.bytes, 30 * 32_000);
  } finally {
    await whole.dispose();
  }
});
