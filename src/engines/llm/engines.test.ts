// The llm engines (notes, templates, coding, text-to-JSON) against a scripted model, planted errors included.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ChatRequest, type FakeLlm, type Reply, startFakeLlm } from '../../../test/helpers/fake-llm.ts';
import { EngineError, type NoteTemplate } from '../ports.ts';
import type { GroundingMode } from '../grounding/types.ts';
import { ChatClient } from './chat-client.ts';
import { splitOnTurns } from './chunks.ts';
import { createLlmCodingEngine } from './coding.ts';
import { type LlmContext, modelChooser } from './context.ts';
import { createLlmExtractionEngine } from './extraction.ts';
import { createLlmNoteEngine } from './notes.ts';
import { createLlmTemplateEngine } from './templates.ts';
import { inlineLlmWork } from './work.ts';
import { goodSoap, plantedSoap, VISIT } from './testing/visit.test-data.ts';

/** The scripted model: answers by the structured-output name the engine asked for. */
let script: Record<string, (request: ChatRequest) => Reply> = {};
let llm: FakeLlm;
before(async () => {
  llm = await startFakeLlm((request) => {
    const name = request.response_format?.json_schema?.name ?? 'json_object';
    const answer = script[name];
    return answer ? answer(request) : { status: 500 };
  });
});
after(() => llm.close());

function context(grounding: GroundingMode = 'drop', chunkChars = 24_000): LlmContext {
  return {
    client: new ChatClient({ baseUrl: llm.baseUrl, retryBaseMs: 5, timeoutMs: 5_000 }),
    model: modelChooser('big-model', { coding: 'small-model' }),
    grounding,
    chunkChars,
    work: inlineLlmWork(),
  };
}
const json = (value: unknown): Reply => ({ content: JSON.stringify(value) });
/** A parsed JSON result read by path in assertions: every key and index yields another node. */
type Tree = { readonly [key: string]: Tree } & readonly Tree[];

describe('llm SOAP notes', () => {
  test('a faithful answer becomes the spec JSON, markdown, evidence and metadata', async () => {
    script = { soap_note: () => json(goodSoap()) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    const j = note.json as Tree;
    assert.equal(j.plan.medications[0].dosage, '40 mg');
    assert.equal(j.subjective.reviewOfSystems.neurological, 'Headaches for two weeks.');
    assert.equal(j.metadata.engine, 'llm');
    assert.deepEqual(j.metadata.ungrounded, []);
    assert.equal(j.metadata.usage.requests, 1);
    assert.ok(j.evidence.fields['plan.medications.0.name'].spans.length);
    assert.match(note.markdown, /ASSESSMENT AND PLAN[\s\S]*Lisinopril 40 mg daily/);
  });

  test('planted errors never reach the note, and each is listed as ungrounded', async () => {
    script = { soap_note: () => json(plantedSoap()) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    const everything = `${note.markdown}\n${JSON.stringify({ ...note.json, metadata: undefined })}`;
    for (const planted of ['metoprolol', 'Metoprolol', '101.2', '110 bpm', 'diabetes', 'I10.99', '80 mg', 'Atorvastatin', 'atorvastatin']) {
      assert.ok(!everything.includes(planted), `${planted} reached the note`);
    }
    const listed = JSON.stringify((note.json as Tree).metadata.ungrounded);
    for (const planted of ['metoprolol', '101.2', '110', 'diabetes', 'I10.99', '80 mg', 'Atorvastatin']) assert.ok(listed.includes(planted), `${planted} not listed`);
  });

  test('an answer in the spec shape (maps, strings, numbers) is accepted and grounded the same way', async () => {
    const spec = {
      subjective: { chiefComplaint: 'Headaches', reviewOfSystems: { neurological: 'Headaches for two weeks.' }, allergies: ['Penicillin', 'Sulfa'] },
      objective: { vitalSigns: { bloodPressure: '150/95', heartRate: 78, temperature: 101.2 } },
      assessment: { diagnoses: ['Hypertension', 'Atrial fibrillation'] },
      plan: { medications: ['Lisinopril 40 mg daily', 'Warfarin 5 mg daily'], followUp: 'Four weeks.' },
    };
    script = { soap_note: () => json(spec) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    const j = note.json as Tree;
    assert.deepEqual(j.plan.medications, ['Lisinopril 40 mg daily']);
    assert.deepEqual(j.objective.vitalSigns, { bloodPressure: '150/95', heartRate: '78' });
    assert.deepEqual(j.subjective.allergies, [{ substance: 'Penicillin' }]);
    assert.deepEqual(j.assessment.diagnoses, [{ description: 'Hypertension' }]);
    for (const planted of ['Warfarin', '101.2', 'Sulfa', 'fibrillation']) assert.ok(!note.markdown.includes(planted), planted);
    assert.equal(j.metadata.ungrounded.length, 4);
  });

  test('an answer wrapped one level deep is unwrapped; a note written as prose is kept as markdown, grounded', async () => {
    script = { soap_note: () => json({ markdown: 'ignored', json: plantedSoap() }) };
    const wrapped = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    assert.ok(!wrapped.markdown.includes('Atorvastatin'));
    assert.equal((wrapped.json as Tree).plan.medications[0].name, 'Lisinopril');
    const prose = 'ASSESSMENT AND PLAN\n\nUncontrolled hypertension. Increase lisinopril to 40 mg daily. Start warfarin 5 mg daily.\nTemperature 101.2 °F.';
    script = { soap_note: () => ({ content: prose }) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    assert.equal(note.markdown, 'ASSESSMENT AND PLAN\n\nUncontrolled hypertension. Increase lisinopril to 40 mg daily.');
    assert.deepEqual((note.json as Tree).metadata.ungrounded.map((u: Tree) => u.text), ['warfarin', 'temperature 101.2 °F']);
    assert.equal((note.json as Tree).metadata.format, 'markdown');
  });

  test('flag mode keeps the facts in the note and lists them', async () => {
    script = { soap_note: () => json(plantedSoap()) };
    const note = await createLlmNoteEngine(context('flag'), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    assert.match(note.markdown, /Atorvastatin/);
    assert.ok((note.json as Tree).metadata.ungrounded.some((u: Tree) => String(u.text) === 'Atorvastatin'));
    assert.equal((note.json as Tree).metadata.grounding, 'flag');
  });

  test('hybrid mode seeds the prompt with the embedded engine facts', async () => {
    script = { soap_note: () => json(goodSoap()) };
    const before = llm.requests.length;
    const note = await createLlmNoteEngine(context(), { hybrid: true }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    const prompt = llm.requests[before]!.messages.at(-1)!.content;
    assert.match(prompt, /rule-based reader[\s\S]*"medications"[\s\S]*isinopril/);
    assert.equal((note.json as Tree).metadata.engine, 'llm+embedded');
  });

  test('schema-invalid JSON is repaired once; invalid twice fails the note', async () => {
    let calls = 0;
    script = { soap_note: () => (++calls === 1 ? { content: '{"subjective": "oops"}' } : json(goodSoap())) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } });
    assert.equal((note.json as Tree).metadata.usage.requests, 2);
    script = { soap_note: () => ({ content: '{"subjective": {"chiefComplaint": "tru' }) };
    await assert.rejects(createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'soap' } }), EngineError);
  });

  test('a long transcript is summarised chunk by chunk, cut between turns, and still grounded on the whole', async () => {
    const turns = VISIT.split('\n');
    assert.ok(splitOnTurns(VISIT, 200).every((chunk) => turns.some((t) => chunk.startsWith(t))), 'every chunk starts at a turn');
    let summaries = 0;
    script = {
      transcript_summary: (r) => (summaries++, json({ summary: `summary of ${r.messages.at(-1)!.content.length} chars` })),
      soap_note: (r) => (assert.match(r.messages.at(-1)!.content, /Summary of part 1 of/), json(plantedSoap())),
    };
    const note = await createLlmNoteEngine(context('drop', 1000), { hybrid: false }).generateNote({ transcript: `${VISIT}\n${VISIT}\n${VISIT}`, noteType: { type: 'soap' } });
    assert.ok(summaries >= 2);
    assert.ok(!note.markdown.includes('Atorvastatin'));
    assert.equal((note.json as Tree).metadata.usage.requests, summaries + 1);
  });
});

describe('llm template and style notes', () => {
  const template: NoteTemplate = {
    id: 't1',
    title: 'Visit',
    sections: [
      { id: 'hpi', type: 'text', prompt: 'History of present illness' },
      { id: 'h', type: 'heading', properties: { text: 'Plan' }, children: [{ id: 'meds', type: 'list', prompt: 'Medications' }] },
    ],
  };

  test('sections are filled, an invented drug in a list item is removed and listed', async () => {
    script = {
      template_note: () =>
        json({ sections: [
          { id: 'hpi', text: 'Headaches for two weeks. Blood pressure 150/95 today.', items: [] },
          { id: 'meds', text: '', items: ['Lisinopril 40 mg daily', 'Warfarin 5 mg daily', 'Hydrochlorothiazide 12.5 mg'] },
        ] }),
    };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'note_template', template } });
    assert.match(note.markdown, /# Plan[\s\S]*- Lisinopril 40 mg daily\n- Hydrochlorothiazide 12.5 mg/);
    assert.ok(!note.markdown.includes('Warfarin'));
    assert.deepEqual((note.json as Tree).metadata.ungrounded.map((u: Tree) => [u.path, u.text]), [['sections.meds.1', 'Warfarin']]);
  });

  test('a note style is written through its template', async () => {
    script = { template_note: (r) => json({ sections: JSON.parse(/Template sections:\n(.*)/.exec(r.messages.at(-1)!.content)![1]!).map((s: any) => ({ id: s.id, text: 'Headaches for two weeks.', items: ['Headaches for two weeks.'] })) }) };
    const note = await createLlmNoteEngine(context(), { hybrid: false }).generateNote({ transcript: VISIT, noteType: { type: 'note_style', template: 'Sections: Subjective, Plan. Plain prose.' } });
    assert.match(note.markdown, /Headaches for two weeks/);
  });
});

describe('llm coding', () => {
  test('codes outside the FY2026 set and unsupported codes are dropped; kept ones get spans', async () => {
    script = {
      icd10cm_codes: () =>
        json({ diagnoses: [
          { code: 'I10', description: 'Essential (primary) hypertension', evidence: 'uncontrolled hypertension' },
          { code: 'R51.9', description: 'Headache, unspecified', evidence: 'headaches for two weeks' },
          { code: 'I10.99', description: 'Hypertension', evidence: 'hypertension' },
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', evidence: 'uncontrolled hypertension' },
        ] }),
    };
    const result = await createLlmCodingEngine(context(), { hybrid: false }).code(VISIT);
    assert.deepEqual(result.diagnoses.map((d) => d.code.coding[0]!.code), ['I10', 'R51.9']);
    const first = result.diagnoses[0]!;
    assert.equal(VISIT.slice(first.text_span.start_char, first.text_span.end_char), first.text_span.text);
    assert.match(first.text_span.text, /uncontrolled hypertension/i);
    assert.equal(llm.requests.at(-1)!.model, 'small-model');
    const ungrounded = (result.metadata as Tree).ungrounded.map((u: Tree) => u.text).join(' ');
    assert.match(ungrounded, /I10\.99/);
    assert.match(ungrounded, /E11\.9/);
  });
});

test('coding: an answer in the API result shape is read the same way', async () => {
  script = {
    icd10cm_codes: () => json({ diagnoses: [
      { code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10', display: 'Essential (primary) hypertension' }], text: 'Hypertension' }, text_span: { text: 'uncontrolled hypertension' } },
      { code: { coding: [{ code: 'I48.91', display: 'Unspecified atrial fibrillation' }], text: 'Atrial fibrillation' } },
    ] }),
  };
  const result = await createLlmCodingEngine(context(), { hybrid: false }).code(VISIT);
  assert.deepEqual(result.diagnoses.map((d) => d.code.coding[0]!.code), ['I10']);
  assert.match(result.diagnoses[0]!.text_span.text, /uncontrolled hypertension/i);
});

describe('llm text-to-JSON', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['medications', 'blood_pressure', 'smoker', 'urgency'],
    properties: {
      medications: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, dose: { type: ['string', 'null'] } } } },
      blood_pressure: { type: ['string', 'null'] },
      smoker: { type: ['boolean', 'null'] },
      urgency: { type: 'string', enum: ['routine', 'urgent'], description: 'Infer how urgent follow-up is' },
    },
  };

  test('the caller schema goes to the model; values not in the text become null; the answer validates', async () => {
    script = {
      extraction: (r) => {
        assert.deepEqual(r.response_format?.json_schema?.schema, schema);
        return json({ medications: [{ name: 'lisinopril', dose: '40 mg' }, { name: 'Metoprolol', dose: '25 mg' }], blood_pressure: '150/95', smoker: false, urgency: 'routine' });
      },
    };
    const result = await createLlmExtractionEngine(context(), { hybrid: false }).extract(VISIT, schema);
    assert.deepEqual(result.data, { medications: [{ name: 'lisinopril', dose: '40 mg' }], blood_pressure: '150/95', smoker: false, urgency: 'routine' });
    assert.ok((result.meta as Tree).ungrounded.some((u: Tree) => String(u.text) === 'Metoprolol'));
  });

  test('an answer that breaks the caller schema twice is a failure, never passed on', async () => {
    script = { extraction: () => json({ medications: 'lisinopril' }) };
    await assert.rejects(createLlmExtractionEngine(context(), { hybrid: false }).extract(VISIT, schema), EngineError);
  });
});

describe('llm templates', () => {
  test('generation returns a validated template; an invalid one fails the job', async () => {
    script = { note_template: () => json({ template: { title: 'Follow-up', sections: [{ id: 'hpi', type: 'text', prompt: 'History' }] } }) };
    const made = await createLlmTemplateEngine(context(), { hybrid: false }).generate({ description: 'A short follow-up note' });
    assert.equal(made.template.sections[0]!.id, 'hpi');
    script = { note_template: () => json({ template: { title: 'Bad', sections: [{ id: 'x', type: 'nonsense' }] } }) };
    await assert.rejects(createLlmTemplateEngine(context(), { hybrid: false }).generate({ description: 'x' }), /invalid template/);
  });

  test('refinement reports what was applied; a style comes back as text', async () => {
    script = { note_template: () => json({ template: { title: 'T', sections: [{ id: 'plan', type: 'list', prompt: 'Plan' }] }, applied: ['plan as a list'], notApplied: [] }) };
    const refined = await createLlmTemplateEngine(context(), { hybrid: false }).refine({ template: { id: 't', title: 'T', sections: [{ id: 'plan', type: 'text', prompt: 'Plan' }] }, instructions: 'plan as a list' });
    assert.deepEqual(refined.insights, { applied: ['plan as a list'], notApplied: [] });
    script = { note_style: () => json({ style: 'Short SOAP headings, bulleted plan.' }) };
    assert.equal(await createLlmTemplateEngine(context(), { hybrid: false }).deriveStyle({ sampleNote: 'S: ...' }), 'Short SOAP headings, bulleted plan.');
  });
});
