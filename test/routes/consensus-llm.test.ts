import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startFakeLlm } from '../helpers/fake-llm.ts';
import { finished, startHarness } from '../helpers/harness.ts';

describe('consensus with a configured language model', () => {
  test('answers through the API; a question without context fails with the rejection', async () => {
    const llm = await startFakeLlm((request) => {
      const question = request.messages.at(-1)?.content ?? '';
      if (request.response_format?.json_schema?.name === 'consensus') {
        return { content: JSON.stringify({ consensus_response: 'Agreed: ACE inhibitor or thiazide.', agreement: 'full', disagreements: [] }) };
      }
      const sufficient = question.length > 20;
      return { content: JSON.stringify({ sufficient_context: sufficient, answer: sufficient ? 'ACE inhibitor or thiazide' : 'Need details', key_points: [], confidence: 0.8 }) };
    });
    const h = await startHarness('sqlite', { env: { CLINSCRIBE_LLM_BASE_URL: llm.baseUrl, CLINSCRIBE_LLM_MODEL: 'a, b' } });
    try {
      const ok = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: 'First-line treatment for stage 1 hypertension?' } });
      const done = await finished(h, `/alpha/consensus/${ok.json().data.id}`, h.alpha);
      assert.equal(done.data.status, 'completed');
      assert.equal(done.data.result.consensus_response, 'Agreed: ACE inhibitor or thiazide.');
      const vague = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: 'dose?' } });
      const failed = await finished(h, `/alpha/consensus/${vague.json().data.id}`, h.alpha);
      assert.equal(failed.data.status, 'failed');
      assert.match(failed.data.result.error, /lacks the clinical context/);
    } finally {
      await h.close();
      await llm.close();
    }
  });
});
