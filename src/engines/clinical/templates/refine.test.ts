import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HeadingSection, NoteTemplate } from '../../ports.ts';
import { createEmbeddedTemplateEngine } from './engine.ts';
import { NOTE_A } from './fixtures.test-data.ts';
import { applyInstructions, splitClauses } from './refine.ts';
import { templateFromNotes } from './generate.ts';
import { validateTemplate } from './validate.ts';

const base = templateFromNotes([{ content: NOTE_A }]).template;
const headings = (t: NoteTemplate) => t.sections.map((s) => (s as HeadingSection).properties.text);
const content = (t: NoteTemplate, heading: string) => {
  const h = t.sections.find((s) => s.type === 'heading' && s.properties.text === heading) as HeadingSection | undefined;
  return h?.children[0];
};

test('splits compound instructions into single actions', () => {
  assert.deepEqual(splitClauses('Put the plan as a numbered list and drop the review of systems.'), ['Put the plan as a numbered list', 'drop the review of systems']);
});

test('the new-user request: numbered plan, no review of systems', () => {
  const t = structuredClone(base);
  t.sections.push({ id: 'plan', type: 'heading', properties: { text: 'PLAN' }, children: [{ id: 'plan_text', type: 'text', prompt: 'Plan' }] });
  const out = applyInstructions(t, 'put the plan as a numbered list and drop the review of systems');
  assert.deepEqual(out.notApplied, []);
  assert.equal(headings(out.template).includes('REVIEW OF SYSTEMS'), false);
  const plan = content(out.template, 'PLAN');
  assert.equal(plan?.type, 'list');
  assert.equal(plan?.type === 'list' && plan.properties?.list_type, 'numeric');
  assert.ok(validateTemplate(out.template).ok);
});

test('adds a section at the named position, in the template heading case', () => {
  const out = applyInstructions(base, 'add a section for family history after social history');
  const h = headings(out.template);
  assert.equal(h[h.indexOf('SOCIAL HISTORY') + 1], 'FAMILY HISTORY');
  assert.ok(validateTemplate(out.template).ok);
});

test('renames, shortens, moves and limits', () => {
  const out = applyInstructions(base, 'Rename HPI to History. Make the assessment and plan more detailed. Make the HPI more concise. Move social history to the end. Limit the history to 3 sentences.');
  assert.deepEqual(out.notApplied, []);
  const h = headings(out.template);
  assert.ok(h.includes('History'));
  assert.equal(h.at(-1), 'SOCIAL HISTORY');
  const hist = content(out.template, 'History');
  assert.equal(hist?.type === 'text' && hist.properties?.max_sentences, 3);
  const ap = content(out.template, 'ASSESSMENT AND PLAN');
  const was = content(base, 'ASSESSMENT AND PLAN');
  assert.equal(was?.type !== 'heading' && was?.properties?.detail_level, 'brief');
  assert.equal(ap?.type !== 'heading' && ap?.properties?.detail_level, 'standard');
  assert.equal(hist?.type !== 'heading' && hist?.properties?.detail_level, 'brief');
});

test('keeps instructions it cannot parse in the global prompt', () => {
  const out = applyInstructions(base, 'mention the weather');
  assert.deepEqual(out.notApplied, ['mention the weather']);
  assert.match(out.template.global_prompt ?? '', /mention the weather/);
});

test('learns from a clinician edit: removed, added, renamed and reshaped sections', async () => {
  const engine = createEmbeddedTemplateEngine();
  const before = NOTE_A;
  const after = NOTE_A.replace(/REVIEW OF SYSTEMS[\s\S]*?(?=PHYSICAL EXAM)/, '')
    .replace('SOCIAL HISTORY', 'SOCIAL HX')
    .replace('ASSESSMENT AND PLAN\n1. Iliotibial band syndrome. Start physical therapy.\n2. Pain. Ibuprofen 400 mg as needed.', 'ASSESSMENT AND PLAN\nIliotibial band syndrome; start physical therapy and ibuprofen as needed.')
    .concat('\nFOLLOW-UP\nReturn in 4 weeks.\n');
  const { template, insights } = await engine.refine({ template: base, note_comparison: { before, after } });
  const h = headings(template);
  assert.equal(h.includes('REVIEW OF SYSTEMS'), false, 'removed section');
  assert.equal(h.at(-1), 'FOLLOW-UP', 'added section');
  assert.ok(h.includes('SOCIAL HX'), 'renamed heading');
  assert.equal(content(template, 'ASSESSMENT AND PLAN')?.type, 'text', 'list became prose');
  assert.ok((insights?.applied as string[]).length >= 4);
  assert.ok(validateTemplate(template).ok);
});

test('refine rejects an invalid template with a safe message', async () => {
  const engine = createEmbeddedTemplateEngine();
  await assert.rejects(engine.refine({ template: { id: 'x', title: 'x', sections: [] } as NoteTemplate, instructions: 'x' }), /at least one section/);
});
