import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { SAMPLE_VISIT, type SpokenAudio, speakDialogue } from '../../../../test/helpers/audio.ts';
import { type AsrReply, startFakeAsr } from '../../../../test/helpers/fake-asr.ts';
import { loadConfig } from '../../../config.ts';
import { EngineError, TransientEngineError } from '../../ports.ts';
import { createEngines } from '../../registry.ts';
import { createOpenAiSpeechEngine } from './engine.ts';

describe('OpenAI-compatible speech engine', () => {
  let visit: SpokenAudio;
  let reply: AsrReply;
  let asr: Awaited<ReturnType<typeof startFakeAsr>>;
  before(async () => {
    visit = await speakDialogue(SAMPLE_VISIT.slice(0, 2));
    asr = await startFakeAsr(() => reply);
  });
  after(async () => {
    await asr.close();
    visit.cleanup();
  });

  test('sends the file as verbose_json with word timestamps; words, confidences and local speakers come back', async () => {
    reply = {
      body: {
        text: 'good morning i have a cough',
        duration: 6.1,
        words: [
          { word: ' good', start: 0.1, end: 0.4, probability: 0.9 },
          { word: ' morning', start: 0.4, end: 0.9, probability: 0.8 },
          { word: ' I', start: 4.0, end: 4.1, probability: 0.95 },
          { word: ' have', start: 4.1, end: 4.3, probability: 1.2 },
          { word: '  ', start: 4.3, end: 4.3 },
          { word: ' cough', start: 4.6, end: 5.0 },
        ],
        segments: [{ start: 3.9, end: 5.2, text: 'I have a cough', avg_logprob: -0.5 }],
      },
    };
    const engine = createOpenAiSpeechEngine({ baseUrl: `${asr.baseUrl}/v1/`, apiKey: 'secret-key', model: 'whisper-large' });
    const result = await engine.transcribe({ audioPath: visit.path, language: 'en-US' });
    const sent = asr.requests.at(-1)!;
    assert.equal(sent.model, 'whisper-large');
    assert.equal(sent.responseFormat, 'verbose_json');
    assert.deepEqual(sent.granularities.sort(), ['segment', 'word']);
    assert.equal(sent.language, 'en');
    assert.equal(sent.authorization, 'Bearer secret-key');
    assert.equal(sent.fileBytes, statSync(visit.path).size);
    const [channel] = result.channels;
    assert.deepEqual(channel.words.map((w) => w.word), ['good', 'morning', 'I', 'have', 'cough']);
    assert.equal(channel.transcript, 'good morning I have cough');
    assert.equal(channel.words[3].confidence, 1, 'clamped to 0..1');
    assert.equal(channel.words[4].confidence, Math.round(Math.exp(-0.5) * 1000) / 1000, 'segment confidence when the word has none');
    for (const w of channel.words) assert.ok(Number.isInteger(w.speaker));
    assert.ok(result.duration! >= 6);
  });

  test('a server without word timestamps: words spread over each segment', async () => {
    reply = { body: { text: 'one two three', segments: [{ start: 1, end: 2.5, text: ' one two three' }] } };
    const engine = createOpenAiSpeechEngine({ baseUrl: asr.baseUrl, diarize: false });
    const [channel] = (await engine.transcribe({ audioPath: visit.path })).channels;
    assert.deepEqual(channel.words.map((w) => [w.word, w.start, w.end]), [['one', 1, 1.5], ['two', 1.5, 2], ['three', 2, 2.5]]);
    assert.equal(asr.requests.at(-1)!.language, undefined);
  });

  test('server errors and an unreachable server are clear errors that quote nothing back: 5xx/429/unreachable retried, 4xx not', async () => {
    const engine = createOpenAiSpeechEngine({ baseUrl: asr.baseUrl });
    for (const [status, kind] of [[500, TransientEngineError], [429, TransientEngineError], [400, EngineError]] as const) {
      reply = { status, body: { error: { message: 'internal detail' } } };
      await assert.rejects(engine.transcribe({ audioPath: visit.path }), (error: Error) => {
        assert.ok(error instanceof kind, `${status}`);
        assert.equal(error instanceof TransientEngineError, kind === TransientEngineError);
        assert.match(error.message, new RegExp(`status ${status}`));
        assert.doesNotMatch(error.message, /internal detail/);
        return true;
      });
    }
    const nowhere = createOpenAiSpeechEngine({ baseUrl: 'http://127.0.0.1:9' });
    await assert.rejects(nowhere.transcribe({ audioPath: visit.path }), (error: Error) => error instanceof TransientEngineError && /could not be reached/.test(error.message));
  });

  test('the registry picks this engine when CLINSCRIBE_ASR_BASE_URL is set', async () => {
    reply = { body: { text: 'hello', words: [{ word: 'hello', start: 0.2, end: 0.5 }] } };
    const before = asr.requests.length;
    const engines = createEngines(loadConfig({ CLINSCRIBE_ASR_BASE_URL: asr.baseUrl, CLINSCRIBE_ASR_MODEL: 'tiny' }));
    const result = await engines.speech.transcribe({ audioPath: visit.path });
    assert.equal(asr.requests.length, before + 1);
    assert.equal(asr.requests.at(-1)!.model, 'tiny');
    assert.equal(result.channels[0].transcript, 'hello');
  });
});
