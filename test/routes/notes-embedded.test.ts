// Notes written by the embedded engines, through the API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Harness, finished, startHarness } from '../helpers/harness.ts';
import { COUGH_VISIT } from '../../src/engines/clinical/templates/fixtures.test-data.ts';

const transcript = COUGH_VISIT;

const template = {
  id: 'tpl_visit',
  title: 'Visit',
  sections: [
    { id: 'hpi', type: 'text', prompt: 'History of present illness', properties: { label: 'HPI', bold_label: true } },
    { id: 'allergies', type: 'list', prompt: 'Allergies' },
    { id: 'plan', type: 'list', prompt: 'Plan as a numbered list', properties: { list_type: 'numeric' } },
  ],
};

describe('notes from the embedded engines', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness('sqlite');
  });
  after(() => h.close());

  test('a note_template note fills each section from the transcript', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/v2/notes', headers: h.stable, payload: { transcript, noteType: { type: 'note_template', template } } });
    assert.equal(res.statusCode, 202);
    const done = await finished(h, `/v2/notes/${res.json().data.noteId}`, h.stable);
    assert.equal(done.data.status, 'completed', done.data.error);
    const sections = done.data.payload.json.sections;
    assert.equal(sections.length, 3);
    const allergies = sections.find((s: { id: string }) => s.id === 'allergies');
    assert.ok(Array.isArray(allergies.result));
    assert.match(allergies.result.join(' ').toLowerCase(), /penicillin/);
    assert.match(done.data.payload.markdown, /\*\*HPI/);
  });

  test('a note_style note follows a style derived from a sample note', async () => {
    const sample = 'SUBJECTIVE\n\nCough for one week.\n\nPLAN\n\n1. Rest.\n2. Fluids.';
    const style = (await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: sample } })).json().data.template;
    const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript, noteType: { type: 'note_style', template: style } } });
    const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
    assert.equal(done.data.status, 'completed', done.data.error);
    assert.match(done.data.payload.markdown.toUpperCase(), /PLAN/);
  });
});
