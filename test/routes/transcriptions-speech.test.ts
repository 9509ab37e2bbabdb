// The embedded speech engine end to end: real audio (espeak-ng voices, sox, ffmpeg) through
// the upload route, the durable job and PocketSphinx; and the same audio live over the
// WebSocket. Asserts structure, timing order and speaker count — never exact words.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import type { TranscribedWord } from '../../src/engines/ports.ts';
import { multipart, SAMPLE_VISIT, type SpokenAudio, speakDialogue, wav } from '../helpers/audio.ts';
import { eventually, type Harness, startHarness } from '../helpers/harness.ts';

const run = promisify(execFile);

function assertWellFormed(words: TranscribedWord[], duration: number): void {
  let previous = 0;
  for (const w of words) {
    assert.equal(typeof w.word, 'string');
    assert.ok(w.word.length > 0);
    assert.ok(w.start >= 0 && w.start < w.end && w.end <= duration + 0.05, 'word times inside the audio');
    assert.ok(w.start >= previous - 0.001, 'words in time order');
    assert.ok(w.confidence >= 0 && w.confidence <= 1);
    assert.ok(Number.isInteger(w.speaker) && w.speaker >= 0);
    previous = w.start;
  }
}

/** Speech jobs take seconds (more on a busy 2-core machine): a generous wait. */
function finished(h: Harness, url: string, headers: Record<string, string>): Promise<any> {
  return eventually(async () => {
    const body = (await h.app.inject({ method: 'GET', url, headers })).json();
    return ['pending', 'processing'].includes(body.data.status) ? undefined : body;
  }, 180_000, 200);
}

describe('speech end to end (embedded PocketSphinx)', () => {
  let h: Harness;
  let visit: SpokenAudio;
  before(async () => {
    h = await startHarness('sqlite');
    visit = await speakDialogue(SAMPLE_VISIT, 'mp3');
  });
  after(async () => {
    await h.close();
    visit.cleanup();
  });

  const upload = (parts: Parameters<typeof multipart>[0]) => {
    const { body, contentType } = multipart(parts);
    return h.app.inject({ method: 'POST', url: '/v2/audio/transcriptions', headers: { ...h.stable, 'content-type': contentType }, payload: body });
  };

  test('a two-person visit uploaded as MP3 comes back with words, times, confidences and two speakers', async () => {
    const res = await upload([
      { name: 'language', value: 'en-US' },
      { name: 'audio', value: readFileSync(visit.path), filename: 'visit.mp3' },
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const done = await finished(h, `/v2/audio/transcriptions/${res.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'completed', JSON.stringify(done.data.result?.error));
    const { channels, duration } = done.data.result;
    assert.equal(channels.length, 1);
    const [channel] = channels;
    assert.ok(channel.words.length >= 15, 'most of the speech is recognised as words');
    assertWellFormed(channel.words, duration);
    assert.equal(channel.transcript, channel.words.map((w: TranscribedWord) => w.word).join(' '));
    assert.ok(channel.confidence > 0 && channel.confidence <= 1);
    assert.equal(new Set(channel.words.map((w: TranscribedWord) => w.speaker)).size, 2, 'two speakers');
  });

  test('multichannel: one channel entry per input channel', async () => {
    const doctor = await speakDialogue([SAMPLE_VISIT[0]]);
    const patient = await speakDialogue([SAMPLE_VISIT[1]]);
    const stereo = join(doctor.dir, 'stereo.wav');
    try {
      await run('sox', ['-M', doctor.path, patient.path, stereo]);
      const res = await upload([
        { name: 'multichannel', value: 'true' },
        { name: 'audio', value: readFileSync(stereo), filename: 'stereo.wav' },
      ]);
      assert.equal(res.statusCode, 201, res.body);
      const done = await finished(h, `/v2/audio/transcriptions/${res.json().data.id}`, h.stable);
      assert.equal(done.data.status, 'completed');
      const { channels, duration } = done.data.result;
      assert.equal(channels.length, 2);
      for (const channel of channels) {
        assert.ok(channel.words.length > 0);
        assertWellFormed(channel.words, duration);
      }
    } finally {
      doctor.cleanup();
      patient.cleanup();
    }
  });

  test('pure silence gives an empty transcript, never invented words', async () => {
    const res = await upload([{ name: 'audio', value: wav(16000 * 3), filename: 'quiet.wav' }]);
    assert.equal(res.statusCode, 201);
    const done = await finished(h, `/v2/audio/transcriptions/${res.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'completed');
    assert.deepEqual(done.data.result.channels[0].words, []);
    assert.equal(done.data.result.channels[0].transcript, '');
  });

  test('a truncated file fails the job with a clear error or decodes what is there', async () => {
    const whole = readFileSync(visit.path);
    const res = await upload([{ name: 'audio', value: whole.subarray(0, Math.floor(whole.length / 3)), filename: 'cut.mp3' }]);
    assert.equal(res.statusCode, 201, res.body);
    const done = await finished(h, `/v2/audio/transcriptions/${res.json().data.id}`, h.stable);
    if (done.data.status === 'failed') assert.match(done.data.result.error, /audio/i);
    else assertWellFormed(done.data.result.channels[0].words, done.data.result.duration);
  });

  test('the same audio streamed over the WebSocket yields interim and final transcripts', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await h.app.inject({ method: 'POST', url: '/v1/audio/transcriptions/stream/token', headers: h.stable, payload: {} })).json().token;
    const pcm = (await run('sox', [join(visit.dir, 'visit.wav'), '-t', 'raw', '-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', '-'], { encoding: 'buffer', maxBuffer: 64 << 20 })).stdout;
    const socket = new WebSocket(`${address.replace('http', 'ws')}/v1/audio/transcriptions/stream?sample_rate=16000&encoding=linear16&api_token=${token}`);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    // Twice real time, 100 ms frames, as the session test streams: at four times real time a
    // busy 2-core machine decodes each interim window after the final that covers it arrived,
    // and a stale interim is rightly dropped, so the test measured the machine's load.
    for (let at = 0; at < pcm.length; at += 3200) {
      socket.send(pcm.subarray(at, at + 3200));
      await new Promise((r) => setTimeout(r, 50));
    }
    socket.send(JSON.stringify({ type: 'stop' }));
    assert.equal(await closed, 1000);
    assert.deepEqual(messages[0], { type: 'status', status: 'connected' });
    assert.ok(!messages.some((m) => m.type === 'error'), JSON.stringify(messages.filter((m) => m.type === 'error')));
    const transcripts = messages.filter((m) => m.type === 'transcript');
    const finals = transcripts.filter((m) => m.is_final);
    assert.ok(transcripts.some((m) => !m.is_final), 'interim results while audio arrives');
    assert.ok(finals.length >= 2, 'a final per utterance');
    const finalWords = finals.flatMap((m) => m.words);
    assert.ok(finalWords.length >= 15);
    assertWellFormed(finalWords, pcm.length / 32000);
    for (const m of finals) assert.ok(m.audio_start <= m.audio_end);
    // Live speaker labels: the doctor (first to speak) is 0, the patient another number.
    assert.equal(finalWords[0].speaker, 0);
    assert.equal(new Set(finalWords.map((w: TranscribedWord) => w.speaker)).size, 2, 'two speakers live too');
  });
});
