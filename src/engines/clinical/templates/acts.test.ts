import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Span, TemplateSection } from '../../ports.ts';
import { clinicianAct, planClauses } from './acts.ts';
import { fillTemplate, type FilledNote } from './fill.ts';
import { BACK_PAIN_VISITS, CLINIC_FEEDBACK, CLINIC_NOTES } from './fixtures.test-data.ts';
import { templateFromNotes } from './generate.ts';
import { applyInstructions } from './refine.ts';
import { buildCandidates } from './select.ts';

describe('what a clinician sentence does', () => {
  test('a diagnosis said aloud is an assessment; hedged, negated and conditional ones are told apart', () => {
    assert.equal(clinicianAct('this is a lumbar strain.')?.kind, 'assessment');
    assert.equal(clinicianAct("i think it's a lumbar strain.")?.hedged, true);
    assert.equal(clinicianAct('you have high blood pressure.')?.kind, 'assessment');
    assert.equal(clinicianAct("i don't think this is a fracture."), undefined);
    assert.notEqual(clinicianAct('if you have high blood pressure, call us.')?.kind, 'assessment');
    assert.equal(clinicianAct('do you have high blood pressure?'), undefined);
  });

  test('instructions, intentions and follow-up are plan; exam instructions and questions are not', () => {
    for (const said of ['take naproxen 500 mg twice daily with food', 'use heat', "let's get an x-ray of your lower back", "i'm going to start you on naproxen", 'come back in two weeks if it is not better', 'i want you to ice the knee']) {
      assert.equal(clinicianAct(said)?.kind, 'plan', said);
    }
    assert.equal(clinicianAct('come back in two weeks if it is not better')?.followUp, true);
    for (const said of ['take a deep breath for me', "i'm going to take a look at your back", 'do you take anything for the pain?', "you're tender over the lower back muscles.", 'please use my physical exam template', 'i will start by listening to her heart and lungs']) {
      assert.equal(clinicianAct(said), undefined, said);
    }
  });

  test('a sentence is cut where each plan step begins; every piece keeps its own characters', () => {
    const turn = "[doctor] this is a back strain, so take naproxen 500 mg twice daily with food, use heat, and come back in two weeks if it's not better.";
    const start = turn.indexOf(']') + 2;
    const span: Span = { start, end: turn.length };
    const pieces = planClauses(turn.slice(start), span);
    assert.deepEqual(
      pieces.map((p) => turn.slice(p.span.start, p.span.end)),
      ['this is a back strain', 'take naproxen 500 mg twice daily with food', 'use heat', "come back in two weeks if it's not better."],
    );
    for (const p of pieces) assert.equal(turn.slice(p.span.start, p.span.end), p.text);
    // Objects joined by "and" stay with their verb.
    assert.equal(planClauses('use heat and ice', { start: 0, end: 16 }).length, 1);
  });
});

function find(sections: TemplateSection[], heading: string): { id: string; result: string | string[] | undefined; list_type?: unknown } {
  for (const s of sections) {
    if (s.type === 'heading' && s.properties.text.toUpperCase() === heading) {
      const child = s.children[0]!;
      assert.notEqual(child.type, 'heading');
      if (child.type === 'heading') throw new Error('unexpected nesting');
      return { id: child.id, result: child.result, list_type: child.properties?.list_type };
    }
  }
  throw new Error(`no ${heading} section`);
}

function evidenceText(note: FilledNote, transcript: string, sectionId: string, index: number): string {
  const entry = note.json.evidence.find((e) => e.sectionId === sectionId && e.index === index);
  assert.ok(entry, `evidence for ${sectionId}[${index}]`);
  for (const s of entry.spans) assert.ok(s.start >= 0 && s.end <= transcript.length && s.start < s.end);
  return entry.spans.map((s) => transcript.slice(s.start, s.end)).join(' | ');
}

describe('a template generated from three notes, filled from a back-pain visit', () => {
  const template = applyInstructions(templateFromNotes(CLINIC_NOTES.map((content) => ({ content }))).template, CLINIC_FEEDBACK).template;

  test('the refined template has the plan as a numbered list and no review of systems', () => {
    const headings = template.sections.map((s) => (s.type === 'heading' ? s.properties.text.toUpperCase() : ''));
    assert.deepEqual(headings, ['CHIEF COMPLAINT', 'HPI', 'EXAM', 'ASSESSMENT', 'PLAN']);
    const plan = find(template.sections, 'PLAN');
    assert.equal(plan.list_type, 'numeric');
  });

  for (const [name, transcript] of Object.entries(BACK_PAIN_VISITS)) {
    test(`${name}: assessment, numbered plan, chief complaint and pertinent negative`, () => {
      const note = fillTemplate(template, transcript);
      const sections = note.json.sections;

      const cc = find(sections, 'CHIEF COMPLAINT');
      assert.equal(cc.result, 'Lower back pain.');

      const hpi = find(sections, 'HPI');
      assert.match(String(hpi.result), /Denies numbness or weakness in the legs\./);

      const assessment = find(sections, 'ASSESSMENT');
      assert.match(String(assessment.result), /^(?:Likely )?lumbar strain\.$/i);
      const assessmentSpan = evidenceText(note, transcript, assessment.id, 0);
      assert.match(assessmentSpan, /lumbar strain/);
      assert.doesNotMatch(assessmentSpan, /naproxen|tender/);

      const plan = find(sections, 'PLAN');
      assert.ok(Array.isArray(plan.result));
      const items = plan.result as string[];
      assert.ok(items.length >= 3, items.join(' / '));
      assert.match(note.markdown, /# PLAN\n\n1\. .+\n2\. .+\n3\. /);
      const drug = items.findIndex((i) => /naproxen 500 mg (?:twice daily|twice a day)/i.test(i));
      assert.ok(drug >= 0, 'naproxen with dose and frequency');
      assert.match(evidenceText(note, transcript, plan.id, drug), /naproxen 500 mg/);
      const followUp = items.findIndex((i) => /^(?:come back|follow up) in 2 weeks/i.test(i));
      assert.ok(followUp >= 0, 'follow-up');
      assert.match(evidenceText(note, transcript, plan.id, followUp), /two weeks/);
      assert.ok(items.every((i) => !/lumbar strain|tender/i.test(i)), 'the plan holds plan steps only');
      const other = name === 'intentions' ? /x-ray/i : /heat/i;
      const third = items.findIndex((i) => other.test(i));
      assert.ok(third >= 0 && third !== drug && third !== followUp, `${other} as its own item`);
      assert.match(evidenceText(note, transcript, plan.id, third), other);
    });
  }
});

test('a "yes," or "no," opening the answer is the answer, though tidying drops it as a filler', () => {
  const statements = (t: string) => buildCandidates(t).flatMap((c) => (c.answered ? [c.statement] : []));
  assert.deepEqual(statements('[doctor] any fever?\n[patient] yes, a low one.'), ['Reports fever.']);
  assert.deepEqual(statements('[doctor] any fever?\n[patient] no, none at all.'), ['Denies fever.']);
  assert.deepEqual(statements("[doctor] any family history of gi problems?\n[patient] i do n't think so."), ['Denies family history of gi problems.']);
});
