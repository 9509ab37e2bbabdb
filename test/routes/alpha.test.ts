import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, STORES, finished, startHarness } from '../helpers/harness.ts';
import { echoEngines } from '../helpers/test-engines.ts';

const template = {
  id: 'tpl_1',
  title: 'Follow-up',
  global_prompt: 'Be concise.',
  sections: [
    { id: 'h1', type: 'heading', properties: { level: 1, text: 'Assessment' }, children: [{ id: 'a', type: 'text', prompt: 'Assessment' }] },
    { id: 'plan', type: 'list', prompt: 'Plan', properties: { list_type: 'numeric' } },
  ],
};

for (const store of STORES) {
  describe(`alpha note templates and consensus (${store})`, () => {
    let h: Harness;
    before(async () => {
      h = await startHarness(store, { engines: echoEngines() });
    });
    after(() => h.close());

    test('generate (reference form) → 202 pending without result, then completed with result.template', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/alpha/note-templates',
        headers: h.alpha,
        payload: { notes: [{ content: 'SUBJECTIVE: cough', description: 'clinic note' }, { content: 'PLAN: rest' }] },
      });
      assert.equal(res.statusCode, 202);
      const job = res.json().data;
      assert.match(job.id, /^template_[A-Za-z0-9]+$/);
      assert.equal(job.mode, 'generate');
      assert.equal(job.status, 'pending');
      assert.equal(job.result, undefined);
      const done = await finished(h, `/alpha/note-templates/${job.id}`, h.alpha);
      assert.equal(done.data.status, 'completed');
      assert.equal(done.data.result.template.title, 'From 2 notes');
    });

    test('both mode spellings are accepted and echoed', async () => {
      const forms = [
        { mode: 'generation', description: 'A cardiology follow-up note with plan as a list' },
        { mode: 'refine', template, instructions: 'Rename Assessment to Impression' },
        { mode: 'refinement', template, feedback: 'Shorter plan' },
        { mode: 'refine', template, note_comparison: { before: 'A', after: 'B', description: 'edits' } },
      ];
      for (const payload of forms) {
        const res = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload });
        assert.equal(res.statusCode, 202, payload.mode);
        assert.equal(res.json().data.mode, payload.mode);
        const done = await finished(h, `/alpha/note-templates/${res.json().data.id}`, h.alpha);
        assert.equal(done.data.status, 'completed');
      }
    });

    test('every 400 cause of the spec', async () => {
      const causes: [string, unknown][] = [
        ['notes missing', { mode: 'generate' }],
        ['notes missing (default mode)', {}],
        ['more than 5 notes', { notes: Array.from({ length: 6 }, () => ({ content: 'x' })) }],
        ['zero notes', { notes: [] }],
        ['empty content', { notes: [{ content: '  ' }] }],
        ['long description', { notes: [{ content: 'x', description: 'd'.repeat(1001) }] }],
        ['template missing', { mode: 'refine', instructions: 'x' }],
        ['invalid template', { mode: 'refine', template: { id: 't', title: 'T', sections: [{ id: 'x', type: 'table' }] } }],
        ['note_comparison without after', { mode: 'refine', template, note_comparison: { before: 'a' } }],
        ['note_comparison description too long', { mode: 'refine', template, note_comparison: { before: 'a', after: 'b', description: 'd'.repeat(1001) } }],
        ['invalid mode', { mode: 'summarise', notes: [{ content: 'x' }] }],
        ['generation without description', { mode: 'generation' }],
        ['refinement without feedback', { mode: 'refinement', template }],
        ['malformed request', 'not json at all'],
      ];
      for (const [cause, payload] of causes) {
        const res = await h.app.inject({
          method: 'POST',
          url: '/alpha/note-templates',
          headers: { ...h.alpha, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        assert.equal(res.statusCode, 400, cause);
        assert.equal(res.json().error, 'validation_error', cause);
        assert.equal(typeof res.json().message, 'string', cause);
      }
    });

    test('DELETE answers {data:{id, deleted:true}}, then 404', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload: { notes: [{ content: 'x' }] } });
      const id = res.json().data.id;
      const del = await h.app.inject({ method: 'DELETE', url: `/alpha/note-templates/${id}`, headers: h.alpha });
      assert.deepEqual(del.json(), { data: { id, deleted: true } });
      assert.equal((await h.app.inject({ method: 'GET', url: `/alpha/note-templates/${id}`, headers: h.alpha })).statusCode, 404);
    });

    test('consensus: 202 pending with metadata {}, completed with consensus_response; DELETE; 404', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: 'First-line therapy for hypertension?' } });
      assert.equal(res.statusCode, 202);
      const data = res.json().data;
      assert.match(data.id, /^consensus_/);
      assert.equal(data.status, 'pending');
      assert.deepEqual(data.metadata, {});
      const done = await finished(h, `/alpha/consensus/${data.id}`, h.alpha);
      assert.equal(done.data.status, 'completed');
      assert.match(done.data.result.consensus_response, /36 characters/);
      assert.deepEqual(done.data.metadata, {});
      const bad = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: '' } });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error, 'validation_error');
      const del = await h.app.inject({ method: 'DELETE', url: `/alpha/consensus/${data.id}`, headers: h.alpha });
      assert.equal(del.statusCode, 200);
      assert.equal((await h.app.inject({ method: 'GET', url: `/alpha/consensus/${data.id}`, headers: h.alpha })).statusCode, 404);
    });
  });
}

describe('consensus without a language model', () => {
  test('fails with a clear result.error', async () => {
    const h = await startHarness('sqlite');
    try {
      const res = await h.app.inject({ method: 'POST', url: '/alpha/consensus', headers: h.alpha, payload: { query: 'Dose of amoxicillin for otitis media?' } });
      const done = await finished(h, `/alpha/consensus/${res.json().data.id}`, h.alpha);
      assert.equal(done.data.status, 'failed');
      assert.match(done.data.result.error, /CLINSCRIBE_LLM_BASE_URL/);
    } finally {
      await h.close();
    }
  });
});
