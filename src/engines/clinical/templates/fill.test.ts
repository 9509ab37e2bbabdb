import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { NoteTemplate, TemplateSection } from '../../ports.ts';
import { fillTemplate } from './fill.ts';
import { VISIT } from './fixtures.test-data.ts';
import { validateTemplate } from './validate.ts';

function section(id: string, type: 'text' | 'list', prompt: string, properties: Record<string, unknown> = {}): TemplateSection {
  return { id, type, prompt, properties } as TemplateSection;
}

function heading(id: string, text: string, children: TemplateSection[], extra: Record<string, unknown> = {}): TemplateSection {
  return { id, type: 'heading', properties: { level: 2, text, ...extra }, children };
}

const template: NoteTemplate = {
  id: 't',
  title: 'Visit',
  global_prompt: 'Write a clinical note.',
  sections: [
    heading('cc_h', 'Chief Complaint', [section('cc', 'text', 'Chief complaint')], { bold: true }),
    heading('all_h', 'Allergies', [section('allergies', 'text', 'Allergies', { label: 'Allergies', bold_label: true })]),
    heading('meds_h', 'Medications', [section('meds', 'list', 'Current medications with doses')]),
    heading('sh_h', 'Social History', [section('social', 'text', 'Social history: tobacco, alcohol')]),
    heading('ros_h', 'Review of Systems', [section('ros', 'list', 'Review of systems: symptoms asked about, reported or denied')]),
    heading('vitals_h', 'Vitals', [section('vitals', 'list', 'Vital signs')]),
    heading('fh_h', 'Family History', [section('family', 'text', 'Family history', { hideIfEmpty: true })]),
    heading('imm_h', 'Immunizations', [section('imm', 'text', 'Immunizations')]),
    heading('plan_h', 'Plan', [section('plan', 'list', 'Plan as a numbered list', { list_type: 'numeric', max_items: 3 })]),
    section('followup', 'text', 'Follow-up timing', { max_sentences: 1 }),
  ],
};

function result(sections: TemplateSection[], id: string): string | string[] | undefined {
  for (const s of sections) {
    if (s.id === id) return s.type === 'heading' ? undefined : s.result;
    if (s.type === 'heading') {
      const r = result(s.children, id);
      if (r !== undefined) return r;
    }
  }
  return undefined;
}

const filled = fillTemplate(validateTemplate(template).ok ? template : template, VISIT);
const sections = filled.json.sections;

test('each section gets what its prompt asks for', () => {
  assert.match(String(result(sections, 'cc')), /knee/i);
  assert.match(String(result(sections, 'allergies')), /penicillin/i);
  const meds = result(sections, 'meds') as string[];
  assert.ok(meds.some((m) => /lisinopril 10 mg/i.test(m)));
  assert.match(String(result(sections, 'social')), /smok/i);
  const ros = (result(sections, 'ros') as string[]).join(' ');
  assert.match(ros, /Denies (?:any )?fever/i);
  const vitals = result(sections, 'vitals') as string[];
  assert.ok(vitals.includes('Blood pressure: 130/80 mmHg.'));
  assert.ok(vitals.includes('Heart rate: 72 bpm.'));
  const plan = result(sections, 'plan') as string[];
  assert.ok(plan.length >= 1 && plan.length <= 3);
  assert.match(plan.join(' '), /physical therapy/i);
  assert.match(String(result(sections, 'followup')), /4 weeks/);
});

test('sections the visit says nothing about stay empty', () => {
  assert.equal(result(sections, 'family'), '');
  assert.equal(result(sections, 'imm'), '');
  assert.doesNotMatch(filled.markdown, /Family History/);
  assert.match(filled.markdown, /## Immunizations\n\n## Plan/);
});

test('markdown honours heading level/bold, bold labels and numbered lists', () => {
  assert.match(filled.markdown, /^## \*\*Chief Complaint\*\*\n\n/);
  assert.match(filled.markdown, /\*\*Allergies:\*\* /);
  assert.match(filled.markdown, /## Plan\n\n1\. .+(\n2\. .+)?/);
  assert.match(filled.markdown, /## Medications\n\n- /);
});

test('max_sentences, detail level and tone are honoured', () => {
  const t: NoteTemplate = {
    id: 't2',
    title: 'x',
    sections: [
      section('hpi1', 'text', 'History of present illness', { max_sentences: 1 }),
      section('plan2', 'text', 'Plan', { tone: 'formal', detail_level: 'exhaustive' }),
    ],
  };
  const out = fillTemplate(t, VISIT).json.sections;
  const hpi = String(result(out, 'hpi1'));
  assert.equal(hpi.split(/(?<=\.)\s+/).length, 1);
  assert.doesNotMatch(String(result(out, 'plan2')), /\b(?:let's|we'll|don't)\b/i);
});

test('every statement carries evidence spans inside the transcript', () => {
  assert.ok(filled.json.evidence.length >= 6);
  for (const e of filled.json.evidence) {
    assert.ok(e.spans.length > 0);
    for (const span of e.spans) assert.ok(span.start >= 0 && span.end <= VISIT.length && span.start < span.end);
  }
  const allergy = filled.json.evidence.find((e) => e.sectionId === 'allergies')!;
  assert.match(VISIT.slice(allergy.spans[0]!.start, allergy.spans.at(-1)!.end), /penicillin/);
});

test('facts from another engine take precedence for their section kind', () => {
  const facts = { statements: [{ kind: 'medications', text: 'Lisinopril 10 mg daily.', spans: [{ start: 0, end: 5 }] }] };
  const out = fillTemplate(template, VISIT, facts).json.sections;
  assert.deepEqual(result(out, 'meds'), ['Lisinopril 10 mg daily.']);
});

test('patientInfo.gender picks the pronouns used for the patient', () => {
  const t: NoteTemplate = { id: 't3', title: 'x', sections: [section('meds3', 'list', 'Current medications with doses')] };
  const she = (result(fillTemplate(t, VISIT, undefined, { gender: 'female' }).json.sections, 'meds3') as string[]).join(' ');
  const they = (result(fillTemplate(t, VISIT).json.sections, 'meds3') as string[]).join(' ');
  assert.match(she, /\bher blood pressure\b/);
  assert.match(they, /\btheir blood pressure\b/);
});

test('voice-assistant commands and remarks about the visit are not note content', () => {
  const transcript = '[doctor] hey dragon, show me the knee x-ray.\n[doctor] let me take a quick look at your knee.\n[doctor] the x-ray shows no fracture.\n[doctor] hey dragon, order an mri of the right knee.';
  const t: NoteTemplate = { id: 't4', title: 'x', sections: [section('res', 'text', 'Results'), section('plan4', 'list', 'Plan')] };
  const out = fillTemplate(t, transcript).json.sections;
  assert.equal(result(out, 'res'), 'The x-ray shows no fracture.');
  assert.deepEqual(result(out, 'plan4'), ['Order an mri of the right knee.']);
});

test('vitals: spoken numbers, a reading wrapped over two lines, implausible values left out', () => {
  const visit = [
    '[doctor] okay so your blood pressure today',
    'was one thirty two over eighty four .',
    '[doctor] and your heart rate is nine hundred which must be the machine .',
    '[doctor] your oxygen saturation is ninety seven percent .',
  ].join('\n');
  const note = fillTemplate({ id: 'v', title: 'Vitals', sections: [section('vitals', 'list', 'Vital signs')] }, visit);
  assert.deepEqual(result(note.json.sections, 'vitals'), ['Blood pressure: 132/84 mmHg.', 'Oxygen saturation: 97%.']);
  const bp = note.json.evidence.find((e) => e.sectionId === 'vitals' && e.index === 0)!;
  assert.match(bp.spans.map((s) => visit.slice(s.start, s.end)).join(' '), /blood pressure.*one thirty two over eighty four/);
});

test('a Visit already read fills the same note as its transcript', async () => {
  const { readVisit } = await import('../visit/index.ts');
  const t: NoteTemplate = { id: 't5', title: 'x', sections: [section('meds5', 'list', 'Current medications with doses'), section('cc5', 'text', 'Chief complaint')] };
  assert.deepEqual(fillTemplate(t, readVisit(VISIT)).json, fillTemplate(t, VISIT).json);
});
