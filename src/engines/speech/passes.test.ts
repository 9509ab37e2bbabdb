import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.ts';

test('CLINSCRIBE_SPEECH_PASSES picks one or two decoding passes, two by default', () => {
  assert.equal(loadConfig({}).speechPasses, 2);
  assert.equal(loadConfig({ CLINSCRIBE_SPEECH_PASSES: '1' }).speechPasses, 1);
  assert.equal(loadConfig({ CLINSCRIBE_SPEECH_PASSES: '2' }).speechPasses, 2);
  assert.throws(() => loadConfig({ CLINSCRIBE_SPEECH_PASSES: '3' }), ConfigError);
});
