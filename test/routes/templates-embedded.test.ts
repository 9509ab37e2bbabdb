// The note-template routes with the embedded template engine behind them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';
import { BACK_PAIN_VISITS, CLINIC_FEEDBACK, CLINIC_NOTES } from '../../src/engines/clinical/templates/fixtures.test-data.ts';

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

  test('a template generated from three notes and refined fills assessment and a numbered plan said in one clinician turn', async () => {
    const generated = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload: { mode: 'generate', notes: CLINIC_NOTES.map((content) => ({ content })) } });
    const template = (await finished(h, `/alpha/note-templates/${generated.json().data.id}`, h.alpha)).data.result.template;
    const refinement = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload: { mode: 'refinement', template, feedback: CLINIC_FEEDBACK } });
    const refined = (await finished(h, `/alpha/note-templates/${refinement.json().data.id}`, h.alpha)).data.result.template;

    for (const [name, transcript] of Object.entries(BACK_PAIN_VISITS)) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'note_template', template: refined } } });
      assert.equal(res.statusCode, 202);
      const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'completed', name);
      const { markdown, json } = done.data.payload;
      const body = (heading: string) => {
        const section = json.sections.find((s: { type: string; properties: { text?: string } }) => s.type === 'heading' && s.properties.text === heading);
        assert.ok(section, `${name}: ${heading}`);
        return section.children[0];
      };
      assert.equal(body('CHIEF COMPLAINT').result, 'Lower back pain.', name);
      assert.match(body('HPI').result, /Denies numbness or weakness in the legs\./, name);
      assert.ok(!json.sections.some((s: { properties: { text?: string } }) => /REVIEW OF SYSTEMS/i.test(s.properties.text ?? '')), name);

      const assessment = body('ASSESSMENT');
      assert.match(assessment.result, /lumbar strain/i, name);
      const grounded = json.evidence.find((e: { sectionId: string }) => e.sectionId === assessment.id);
      assert.ok(grounded, name);
      const said = grounded.spans.map((s: { start: number; end: number }) => transcript.slice(s.start, s.end)).join(' ');
      assert.match(said, /lumbar strain/, name);
      assert.doesNotMatch(said, /naproxen/, name);

      const plan = body('PLAN');
      assert.equal(plan.type, 'list');
      const items: string[] = plan.result;
      assert.match(markdown, /# PLAN\n\n1\. /, name);
      const drug = items.findIndex((i) => /naproxen 500 mg twice (?:daily|a day)/i.test(i));
      assert.ok(drug >= 0, `${name}: ${items.join(' / ')}`);
      const drugSpans = json.evidence.find((e: { sectionId: string; index: number }) => e.sectionId === plan.id && e.index === drug).spans;
      assert.match(drugSpans.map((s: { start: number; end: number }) => transcript.slice(s.start, s.end)).join(' '), /naproxen 500 mg/, name);
      assert.ok(items.some((i) => /^(?:come back|follow up) in 2 weeks/i.test(i)), `${name}: follow-up`);
    }
  });

  test('POST /v1/note-styles derives a style string from a sample note', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: sample } });
    assert.equal(res.statusCode, 200);
    assert.equal(typeof res.json().data.template, 'string');
    assert.ok(res.json().data.template.length > 0);
    const empty = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: ' ' } });
    assert.equal(empty.statusCode, 400);
    const headers = { ...h.stable, 'idempotency-key': 'style-1' };
    const first = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers, payload: { sampleNote: sample } });
    const again = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers, payload: { sampleNote: sample } });
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.json(), first.json());
    const other = await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers, payload: { sampleNote: `${sample}\n4. Rest.` } });
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().data.code, 'idempotency_conflict');
  });
});
