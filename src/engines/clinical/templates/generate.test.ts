import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HeadingSection, ListSection, NoteTemplate, TextSection } from '../../ports.ts';
import { createEmbeddedTemplateEngine } from './engine.ts';
import { NOTE_A, NOTE_B, NOTE_C } from './fixtures.test-data.ts';
import { validateTemplate } from './validate.ts';

const engine = createEmbeddedTemplateEngine();
const headings = (t: NoteTemplate) => t.sections.map((s) => (s as HeadingSection).properties.text);
const child = (t: NoteTemplate, heading: string) => (t.sections.find((s) => s.type === 'heading' && s.properties.text === heading) as HeadingSection).children[0] as TextSection | ListSection;

test('infers headings, order, shapes and properties from three notes', async () => {
  const { template, insights } = await engine.generate({ notes: [{ content: NOTE_A }, { content: NOTE_B }, { content: NOTE_C }] });
  assert.ok(validateTemplate(template).ok);
  assert.deepEqual(headings(template), [
    'CHIEF COMPLAINT',
    'HISTORY OF PRESENT ILLNESS',
    'SOCIAL HISTORY',
    'FAMILY HISTORY',
    'REVIEW OF SYSTEMS',
    'PHYSICAL EXAM',
    'ASSESSMENT AND PLAN',
  ]);
  assert.deepEqual(insights?.commonHeadings, ['CHIEF COMPLAINT', 'HISTORY OF PRESENT ILLNESS', 'REVIEW OF SYSTEMS', 'PHYSICAL EXAM', 'ASSESSMENT AND PLAN']);
  const ap = child(template, 'ASSESSMENT AND PLAN');
  assert.equal(ap.type, 'list');
  assert.equal(ap.properties?.list_type, 'numeric');
  const ros = child(template, 'REVIEW OF SYSTEMS');
  assert.equal(ros.type, 'list');
  assert.match(ros.prompt, /Label: finding/);
  const cc = child(template, 'CHIEF COMPLAINT');
  assert.equal(cc.properties?.detail_level, 'brief');
  const hpi = child(template, 'HISTORY OF PRESENT ILLNESS');
  assert.equal(hpi.type, 'text');
  assert.match(hpi.prompt, /onset/);
  // Family history appears in one note of three: kept, but hidden when empty.
  const fh = child(template, 'FAMILY HISTORY');
  assert.equal(fh.properties?.hideIfEmpty, true);
});

test('generation instructions are applied to the inferred template', async () => {
  const { template } = await engine.generate({ notes: [{ content: NOTE_A }], instructions: 'drop the review of systems' });
  assert.equal(headings(template).includes('REVIEW OF SYSTEMS'), false);
});

test('guide form builds sections in the order a description names them', async () => {
  const { template } = await engine.generate({ description: 'A follow-up note with chief complaint, HPI, current medications, allergies, physical exam and the plan as a numbered list.' });
  assert.ok(validateTemplate(template).ok);
  assert.deepEqual(headings(template), ['Chief Complaint', 'History of Present Illness', 'Current Medications', 'Allergies', 'Physical Exam', 'Plan']);
  assert.equal(template.title, 'Follow-up Note');
  const plan = child(template, 'Plan');
  assert.equal(plan.properties?.list_type, 'numeric');
});

test('a description naming SOAP gives the four SOAP sections', async () => {
  const { template } = await engine.generate({ description: 'standard SOAP format please' });
  assert.deepEqual(headings(template), ['Subjective', 'Objective', 'Assessment', 'Plan']);
});

test('rejects a request with neither notes nor description', async () => {
  await assert.rejects(engine.generate({ notes: [] }), /needs notes or a description/);
});

test('new-user round trip: three notes → template → note → refine → note', async () => {
  const { fillTemplate } = await import('./fill.ts');
  const { VISIT } = await import('./fixtures.test-data.ts');
  const { template } = await engine.generate({ notes: [{ content: NOTE_A }, { content: NOTE_B }, { content: NOTE_C }] });
  const first = fillTemplate(template, VISIT).markdown;
  assert.match(first, /# REVIEW OF SYSTEMS/);
  const refined = await engine.refine({ template, instructions: 'put the plan as a numbered list and drop the review of systems' });
  assert.deepEqual(refined.insights?.notApplied, []);
  const second = fillTemplate(refined.template, VISIT).markdown;
  assert.doesNotMatch(second, /REVIEW OF SYSTEMS/);
  assert.match(second, /# ASSESSMENT AND PLAN\n\n1\. .+\n2\. /);
  assert.match(second, /^# CHIEF COMPLAINT\n\nRight knee pain\.\n\n# HISTORY OF PRESENT ILLNESS\n\n/);
});

test('guide form keeps sections the catalogue does not know, in the caller\'s words', async () => {
  const { template } = await engine.generate({ description: 'Dermatology visit template with: reason for visit, skin exam, return-to-work status, assessment and plan as a numbered list, and patient education.' });
  assert.deepEqual(headings(template), ['Reason for Visit', 'Skin Exam', 'Return-to-work Status', 'Assessment and Plan', 'Patient Education']);
  const ap = child(template, 'Assessment and Plan');
  assert.equal(ap.properties?.list_type, 'numeric');
  assert.ok(validateTemplate(template).ok);
});
