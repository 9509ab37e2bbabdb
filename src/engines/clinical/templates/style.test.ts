import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HeadingSection } from '../../ports.ts';
import { NOTE_A, VISIT } from './fixtures.test-data.ts';
import { templateNote } from './note.ts';
import { deriveStyle, styleToTemplate } from './style.ts';
import { validateTemplate } from './validate.ts';

test('a style string records headings, order, list/prose choices and abbreviations', async () => {
  const sample = NOTE_A.replace('Tenderness over', 'MSK exam: tenderness over').replace('Full range', 'Full ROM, full range');
  const style = await deriveStyle({ sampleNote: sample, instructions: ['use bold headings'] });
  const lines = style.split('\n');
  assert.equal(lines[0], 'Note style v1');
  assert.match(style, /Headings: level 1, bold/);
  assert.match(style, /1\. CHIEF COMPLAINT \| prose \| brief/);
  assert.match(style, /REVIEW OF SYSTEMS \| bulleted list, labelled/);
  assert.match(style, /ASSESSMENT AND PLAN \| numbered list/);
  assert.match(style, /Abbreviations: .*ROM/);
  assert.ok(lines.findIndex((l) => l.includes('CHIEF COMPLAINT')) < lines.findIndex((l) => l.includes('PHYSICAL EXAM')));
});

test('a style converts back into an equivalent valid template', async () => {
  const style = await deriveStyle({ sampleNote: NOTE_A });
  const template = styleToTemplate(style);
  assert.ok(validateTemplate(template).ok);
  const names = template.sections.map((s) => (s as HeadingSection).properties.text);
  assert.deepEqual(names, ['CHIEF COMPLAINT', 'HISTORY OF PRESENT ILLNESS', 'SOCIAL HISTORY', 'REVIEW OF SYSTEMS', 'PHYSICAL EXAM', 'ASSESSMENT AND PLAN']);
  const ap = (template.sections[5] as HeadingSection).children[0]!;
  assert.equal(ap.type === 'list' && ap.properties?.list_type, 'numeric');
});

test('hand-written styles (a pasted note or a description) are accepted too', () => {
  const fromNote = styleToTemplate('HPI:\nSomething.\n\nPLAN:\n1. One\n2. Two');
  assert.equal(fromNote.sections.length, 2);
  const fromWords = styleToTemplate('chief complaint then assessment and plan');
  assert.equal(fromWords.sections.length, 2);
});

test('a note_style note reproduces the sample shape with the new visit', async () => {
  const style = await deriveStyle({ sampleNote: NOTE_A });
  const note = templateNote({ transcript: VISIT, noteType: { type: 'note_style', template: style } });
  const order = ['# CHIEF COMPLAINT', '# HISTORY OF PRESENT ILLNESS', '# REVIEW OF SYSTEMS', '# PHYSICAL EXAM', '# ASSESSMENT AND PLAN'].map((h) => note.markdown.indexOf(h));
  assert.ok(order.every((i) => i >= 0), 'every sample heading is present');
  assert.deepEqual([...order].sort((a, b) => a - b), order, 'in the sample order');
  assert.match(note.markdown, /# ASSESSMENT AND PLAN\n\n1\. /);
});

test('withTemplateNotes writes template notes and passes SOAP notes through', async () => {
  const { withTemplateNotes } = await import('./note.ts');
  let soapCalls = 0;
  const engine = withTemplateNotes({ generateNote: async () => (soapCalls++, { markdown: 'soap', json: {} }) });
  const soap = await engine.generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
  assert.equal(soap.markdown, 'soap');
  const style = await deriveStyle({ sampleNote: NOTE_A });
  const styled = await engine.generateNote({ transcript: VISIT, noteType: { type: 'note_style', template: style } });
  assert.match(styled.markdown, /# CHIEF COMPLAINT/);
  assert.equal(soapCalls, 1);
  await assert.rejects(engine.generateNote({ transcript: VISIT, noteType: { type: 'note_template', template: { id: 'x', title: 'x', sections: [] } } }), /invalid template: template\.sections must hold/);
});

test('note requests: instructions reshape the template for that note; medicationList fixes drug spellings', async () => {
  const style = await deriveStyle({ sampleNote: NOTE_A });
  const misheard = VISIT.replace('lisinopril', 'lisinipril');
  const note = templateNote({
    transcript: misheard,
    noteType: { type: 'note_style', template: style },
    instructions: ['drop the review of systems', 'add a medications section after the HPI'],
    medicationList: ['Lisinopril', 'Ibuprofen'],
  });
  assert.doesNotMatch(note.markdown, /REVIEW OF SYSTEMS/);
  assert.doesNotMatch(note.markdown, /lisinipril/i);
  assert.match(note.markdown, /lisinopril 10 mg/i);
});

test('drug spelling correction leaves ordinary words alone', async () => {
  const { correctDrugNames } = await import('./drug-spelling.ts');
  assert.equal(correctDrugNames('Takes metfromin and listens to music.', ['metformin', 'lisinopril']), 'Takes metformin and listens to music.');
  assert.equal(correctDrugNames('Started Atorvastatine.', ['atorvastatin']), 'Started Atorvastatin.');
});
