// CLINSCRIBE_LLM_* and CLINSCRIBE_GROUNDING settings, and llm engines without a server or model.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../config.ts';
import { EngineUnavailableError } from '../ports.ts';
import { createEngines } from '../registry.ts';
import { modelChooser } from './context.ts';

test('llm settings: defaults, per-capability models, and bad values stop the process with the variable named', () => {
  const config = loadConfig({ CLINSCRIBE_LLM_MODEL: 'big, second', CLINSCRIBE_LLM_MODEL_CODING: 'small', CLINSCRIBE_CODING_ENGINE: 'llm+embedded' });
  assert.equal(config.grounding, 'drop');
  assert.equal(config.engines.coding, 'llm+embedded');
  assert.equal(config.llm.structuredOutput, 'auto');
  const model = modelChooser(config.llm.model, config.llm.models ?? {});
  assert.equal(model('notes'), 'big');
  assert.equal(model('coding'), 'small');
  assert.equal(model('summary'), 'big');
  for (const [name, value] of [['CLINSCRIBE_GROUNDING', 'maybe'], ['CLINSCRIBE_LLM_TIMEOUT_MS', '5'], ['CLINSCRIBE_LLM_STRUCTURED_OUTPUT', 'xml'], ['CLINSCRIBE_CODING_ENGINE', 'gpt']]) {
    assert.throws(() => loadConfig({ [name!]: value }), (e: Error) => e instanceof ConfigError && e.message.includes(name!));
  }
});

test('an llm engine without a model server fails its jobs naming the setting to set', async () => {
  const engines = createEngines(loadConfig({ CLINSCRIBE_NOTES_ENGINE: 'llm' }));
  await assert.rejects(engines.notes.generateNote({ transcript: 'x', noteType: { type: 'soap' } }), (e: Error) => e instanceof EngineUnavailableError && /CLINSCRIBE_LLM_BASE_URL/.test(e.message));
  const noModel = createEngines(loadConfig({ CLINSCRIBE_EXTRACTION_ENGINE: 'llm', CLINSCRIBE_LLM_BASE_URL: 'http://127.0.0.1:9/v1' }));
  await assert.rejects(noModel.extraction.extract('x', {}), /CLINSCRIBE_LLM_MODEL_EXTRACTION/);
});
