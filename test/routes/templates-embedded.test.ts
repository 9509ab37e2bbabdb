// The note-template routes with the embedded template engine behind them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';

const sample = `CHIEF COMPLAINT

Knee pain.

HISTORY OF PRESENT ILLNESS

The patient is a 54-year-old who reports two weeks of right knee pain after a fall.

ASSESSMENT AND PLAN

1. Right knee sprain.
2. Ibuprofen 400 mg three times a day with food.
3. Follow up in two weeks.`;

describe('note templates with the embedded engine', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite');
  });
  after(() => h.close());

  test('generate from a note gives a valid template with its headings; refine applies feedback', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload: { notes: [{ content: sample }] } });
    const done = await finished(h, `/alpha/note-templates/${res.json().data.id}`, h.alpha);
    assert.equal(done.data.status, 'completed', JSON.stringify(done.data.result));
    const template = done.data.result.template;
    const check = h.runtime.validateTemplate(template);
    assert.equal(check.ok, true);
    const text = JSON.stringify(template).toLowerCase();
    for (const heading of ['chief complaint', 'history of present illness', 'assessment and plan']) assert.ok(text.includes(heading), heading);

    const refine = await h.app.inject({
      method: 'POST',
      url: '/alpha/note-templates',
      headers: h.alpha,
      payload: { mode: 'refinement', template, feedback: 'Rename chief complaint to Reason for visit' },
    });
    const refined = await finished(h, `/alpha/note-templates/${refine.json().data.id}`, h.alpha);
    assert.equal(refined.data.status, 'completed');
    assert.equal(refined.data.mode, 'refinement');
    assert.ok(JSON.stringify(refined.data.result.template).toLowerCase().includes('reason for visit'));
  });

  test('POST /v1/note-styles derives a style string from a sample note', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: sample } });
    assert.equal(res.statusCode, 200);
    assert.equal(typeof res.json().data.template, 'string');
    assert.ok(res.json().data.template.length > 0);
    const empty = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: ' ' } });
    assert.equal(empty.statusCode, 400);
  });
});
