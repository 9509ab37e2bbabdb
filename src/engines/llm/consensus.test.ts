import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ChatRequest, startFakeLlm } from '../../../test/helpers/fake-llm.ts';
import { EngineError } from '../ports.ts';
import { ChatClient } from './chat-client.ts';
import { createLlmConsensusEngine } from './consensus.ts';
import { inlineLlmWork } from './work.ts';

function scripted(request: ChatRequest) {
  const question = request.messages.at(-1)?.content ?? '';
  if (request.response_format?.json_schema?.name === 'consensus') {
    return { content: JSON.stringify({ consensus_response: 'Both answers recommend metformin first.', agreement: 'full', disagreements: [] }) };
  }
  if (/what dose\?$/.test(question)) {
    return { content: JSON.stringify({ sufficient_context: false, answer: 'Which drug and which patient?', key_points: [], confidence: 0.2 }) };
  }
  if (request.model === 'flaky' && !request.messages.some((m) => m.role === 'assistant')) return { content: 'Sure! Here is my answer: metformin' };
  return { content: JSON.stringify({ sufficient_context: true, answer: `${request.model}: metformin first line`, key_points: ['metformin'], confidence: 0.9 }) };
}

describe('llm consensus engine against an OpenAI-compatible server', () => {
  let llm: Awaited<ReturnType<typeof startFakeLlm>>;
  before(async () => {
    llm = await startFakeLlm(scripted);
  });
  after(() => llm.close());

  test('asks every model with a json_schema response format and reconciles their answers', async () => {
    const engine = createLlmConsensusEngine(new ChatClient({ baseUrl: llm.baseUrl, apiKey: 'sk-test' }), ['model-a', 'model-b'], inlineLlmWork());
    const before = llm.requests.length;
    const result = await engine.answer({ query: 'First-line drug for type 2 diabetes?' });
    assert.equal(result.consensus_response, 'Both answers recommend metformin first.');
    assert.equal(result.agreement, 'full');
    const sent = llm.requests.slice(before);
    assert.deepEqual(sent.map((r) => r.model).sort(), ['model-a', 'model-a', 'model-b']);
    assert.ok(sent.every((r) => r.response_format?.type === 'json_schema'));
  });

  test('a model whose output does not validate is asked again', async () => {
    const engine = createLlmConsensusEngine(new ChatClient({ baseUrl: llm.baseUrl }), ['flaky'], inlineLlmWork());
    const result = await engine.answer({ query: 'First-line drug for type 2 diabetes?' });
    assert.equal(result.consensus_response, 'flaky: metformin first line');
  });

  test('a query without clinical context is rejected with a clear reason', async () => {
    const engine = createLlmConsensusEngine(new ChatClient({ baseUrl: llm.baseUrl }), ['model-a'], inlineLlmWork());
    await assert.rejects(engine.answer({ query: 'what dose?' }), (e: Error) => e instanceof EngineError && /lacks the clinical context/.test(e.message));
  });

  test('server errors and unreachable servers become engine errors without details', async () => {
    const failing = await startFakeLlm(() => ({ status: 503 }));
    try {
      const engine = createLlmConsensusEngine(new ChatClient({ baseUrl: failing.baseUrl, retryBaseMs: 5 }), ['m'], inlineLlmWork());
      await assert.rejects(engine.answer({ query: 'q?' }), /answered with status 503/);
    } finally {
      await failing.close();
    }
    const gone = createLlmConsensusEngine(new ChatClient({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000, retryBaseMs: 5 }), ['m'], inlineLlmWork());
    await assert.rejects(gone.answer({ query: 'q?' }), /could not be reached/);
  });
});
