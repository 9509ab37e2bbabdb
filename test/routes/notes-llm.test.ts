// The llm engines through the HTTP API and the job system, with a model that plants an invented medication.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { goodSoap, VISIT } from '../../src/engines/llm/testing/visit.test-data.ts';
import { type ChatRequest, type FakeLlm, type Reply, startFakeLlm } from '../helpers/fake-llm.ts';
import { finished, type Harness, startHarness } from '../helpers/harness.ts';

const INVENTED = 'Warfarin';

/** A model that answers every request well except for one invented medication, planted everywhere it can go. */
function planting(request: ChatRequest): Reply {
  switch (request.response_format?.json_schema?.name) {
    case 'soap_note': {
      const soap = goodSoap() as any;
      soap.subjective.historyOfPresentIllness += ` He also takes ${INVENTED.toLowerCase()} 5 mg daily.`;
      soap.plan.medications.push({ name: INVENTED, dosage: '5 mg', frequency: 'daily', instructions: `Continue ${INVENTED}.` });
      soap.plan.patientEducation.push(`Discussed bleeding risk on ${INVENTED}.`);
      return { content: JSON.stringify(soap) };
    }
    case 'icd10cm_codes':
      return { content: JSON.stringify({ diagnoses: [
        { code: 'I10', description: 'Essential hypertension', evidence: 'uncontrolled hypertension' },
        { code: 'Z79.01', description: `Long term use of anticoagulants (${INVENTED})`, evidence: INVENTED },
      ] }) };
    case 'extraction':
      return { content: JSON.stringify({ medications: ['lisinopril', INVENTED] }) };
    case 'note_template':
      return { content: JSON.stringify({ template: { title: 'Follow-up', sections: [
        { id: 'hpi', type: 'text', prompt: 'History of present illness' },
        { id: 'plan', type: 'heading', properties: { text: 'Plan' }, children: [{ id: 'meds', type: 'list', prompt: 'Medications' }] },
      ] } }) };
    case 'note_style':
      return { content: JSON.stringify({ style: 'Sections: History, Plan. Short sentences.' }) };
    case 'template_note': {
      const ids = [...request.messages.at(-1)!.content.matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]!);
      return { content: JSON.stringify({ sections: ids.map((id) => ({ id, text: `Headaches for two weeks. Takes ${INVENTED} 5 mg daily.`, items: ['Lisinopril 40 mg daily', `${INVENTED} 5 mg daily`] })) }) };
    }
    default:
      return { status: 500 };
  }
}

describe('llm engines through the HTTP API', () => {
  let llm: FakeLlm;
  let h: Harness;
  before(async () => {
    llm = await startFakeLlm(planting);
    h = await startHarness('sqlite', {
      env: {
        CLINSCRIBE_LLM_BASE_URL: llm.baseUrl,
        CLINSCRIBE_LLM_MODEL: 'clinic-model',
        CLINSCRIBE_NOTES_ENGINE: 'llm',
        CLINSCRIBE_CODING_ENGINE: 'llm+embedded',
        CLINSCRIBE_EXTRACTION_ENGINE: 'llm',
        CLINSCRIBE_TEMPLATES_ENGINE: 'llm',
        CLINSCRIBE_LLM_RETRY_BASE_MS: '5',
      },
    });
  });
  after(async () => {
    await h.close();
    await llm.close();
  });

  test('a notes job on the llm engine: the invented medication is absent from the note and listed as ungrounded', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: VISIT, noteType: { type: 'soap' } } });
    assert.equal(created.statusCode, 202);
    const done = await finished(h, `/v2/notes/${created.json().data.noteId}`, h.stable);
    assert.equal(done.data.status, 'completed');
    const { markdown, json } = done.data.payload;
    assert.ok(!markdown.toLowerCase().includes(INVENTED.toLowerCase()), 'invented medication in the markdown');
    const { metadata, ...note } = json;
    assert.ok(!JSON.stringify(note).toLowerCase().includes(INVENTED.toLowerCase()), 'invented medication in the JSON');
    assert.equal(metadata.engine, 'llm');
    assert.ok(metadata.ungrounded.some((u: any) => u.text.toLowerCase() === INVENTED.toLowerCase() && u.path === 'plan.medications.2.name'));
    assert.ok(metadata.usage.total_tokens > 0);
    assert.match(markdown, /Lisinopril 40 mg/);
  });

  test('a coding job drops the code that only the invented medication supports', async () => {
    const created = await h.app.inject({ method: 'POST', url: '/v1/codings', headers: h.stable, payload: { text: VISIT } });
    const done = await finished(h, `/v1/codings/${created.json().data.id}`, h.stable);
    assert.equal(done.data.status, 'completed');
    assert.deepEqual(done.data.result.diagnoses.map((d: any) => d.code.coding[0].code), ['I10']);
    assert.equal(done.data.result.metadata.engine, 'llm+embedded');
  });

  test('text-to-JSON: a value not in the text is not returned', async () => {
    const schema = { type: 'object', required: ['medications'], properties: { medications: { type: 'array', items: { type: 'string' } } } };
    const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text: VISIT, schema, includeMeta: true } });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { medications: ['lisinopril'] });
    assert.equal(res.json().meta.ungrounded[0].text, INVENTED);
  });
});

describe('llm engines keep their CPU work off the API thread', () => {
  test("the caller's schema is checked in an engine thread, under the engine deadline", async () => {
    const llm = await startFakeLlm(planting);
    // Shorter than an engine thread takes to start: only a call made in the pool can hit it.
    const h = await startHarness('sqlite', {
      env: { CLINSCRIBE_LLM_BASE_URL: llm.baseUrl, CLINSCRIBE_LLM_MODEL: 'm', CLINSCRIBE_EXTRACTION_ENGINE: 'llm', CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION: '100' },
    });
    try {
      const schema = { type: 'object', properties: { medications: { type: 'array', items: { type: 'string' } } } };
      const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text: VISIT, schema } });
      assert.equal(res.statusCode, 422);
      assert.match(res.json().message, /CLINSCRIBE_ENGINE_DEADLINE_MS_EXTRACTION/);
      assert.equal(llm.requests.length, 0, 'the model is not asked before the schema is accepted');
    } finally {
      await h.close();
      await llm.close();
    }
  });
});

describe('llm templates and styles through the HTTP API', () => {
  test('a template job, a note style, and template and style notes: the invented medication never reaches a note', async () => {
    const llm = await startFakeLlm(planting);
    const h = await startHarness('sqlite', {
      env: { CLINSCRIBE_LLM_BASE_URL: llm.baseUrl, CLINSCRIBE_LLM_MODEL: 'm', CLINSCRIBE_NOTES_ENGINE: 'llm+embedded', CLINSCRIBE_TEMPLATES_ENGINE: 'llm' },
    });
    try {
      const job = await h.app.inject({ method: 'POST', url: '/alpha/note-templates', headers: h.alpha, payload: { mode: 'generation', description: 'A follow-up visit note' } });
      const made = await finished(h, `/alpha/note-templates/${job.json().data.id}`, h.alpha);
      assert.equal(made.data.status, 'completed', JSON.stringify(made.data.result));
      assert.equal(made.data.result.metadata.engine, 'llm');
      const style = (await h.app.inject({ method: 'POST', url: '/v1/note-styles', headers: h.stable, payload: { sampleNote: 'HPI: ...' } })).json().data.template;
      assert.equal(style, 'Sections: History, Plan. Short sentences.');
      for (const noteType of [{ type: 'note_template', template: made.data.result.template }, { type: 'note_style', template: style }]) {
        const res = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: VISIT, noteType } });
        const done = await finished(h, `/v1/notes/${res.json().data.noteId}`, h.stable);
        assert.equal(done.data.status, 'completed', done.data.error);
        assert.match(done.data.payload.markdown, /Lisinopril 40 mg daily/);
        assert.ok(!done.data.payload.markdown.includes(INVENTED), noteType.type);
        assert.ok(done.data.payload.json.metadata.ungrounded.some((u: any) => u.text === INVENTED));
        assert.equal(done.data.payload.json.metadata.engine, 'llm+embedded');
      }
    } finally {
      await h.close();
      await llm.close();
    }
  });
});

/** A notes engine on the model with one quick client retry and fast job retries. */
function failingLlmEnv(baseUrl: string, extra: Record<string, string>): Record<string, string> {
  return {
    CLINSCRIBE_LLM_BASE_URL: baseUrl,
    CLINSCRIBE_LLM_MODEL: 'm',
    CLINSCRIBE_NOTES_ENGINE: 'llm',
    CLINSCRIBE_LLM_MAX_RETRIES: '1',
    CLINSCRIBE_LLM_RETRY_BASE_MS: '5',
    CLINSCRIBE_JOB_RETRY_BASE_MS: '10',
    ...extra,
  };
}

describe('llm failures through the job system', () => {
  for (const [name, reply] of [
    ['500s', { status: 500 }],
    ['429 with Retry-After', { status: 429, headers: { 'retry-after': '1' } }],
    ['slow answers past the timeout', { delayMs: 5_000, content: '{}' }],
  ] as [string, Reply][]) {
    test(`${name}: the note job fails with a reason once its attempts are used, nothing hangs`, async () => {
      const llm = await startFakeLlm(() => reply);
      const h = await startHarness('sqlite', { env: failingLlmEnv(llm.baseUrl, { CLINSCRIBE_LLM_TIMEOUT_MS: '300', CLINSCRIBE_JOB_MAX_ATTEMPTS: '2' }) });
      try {
        const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: VISIT, noteType: { type: 'soap' } } });
        const done = await finished(h, `/v2/notes/${created.json().data.noteId}`, h.stable);
        assert.equal(done.data.status, 'failed');
        assert.match(done.data.error, /language model server (answered with status|did not answer in time)/);
        assert.ok(!done.data.error.includes('headaches'), 'no transcript text in the error');
        assert.equal(llm.requests.length, 4, 'two job attempts of two requests each');
      } finally {
        await h.close();
        await llm.close();
      }
    });
  }

  test('a server that recovers: the job outlives the failed attempt and completes, nothing lost', async () => {
    let failures = 3;
    const llm = await startFakeLlm((request) => (failures-- > 0 ? { status: 503 } : planting(request)));
    const h = await startHarness('sqlite', { env: failingLlmEnv(llm.baseUrl, { CLINSCRIBE_JOB_MAX_ATTEMPTS: '3' }) });
    try {
      const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: VISIT, noteType: { type: 'soap' } } });
      const done = await finished(h, `/v2/notes/${created.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'completed', done.data.error);
      assert.equal(llm.requests.length, 4, 'two failed requests in the first attempt, one failed and one answered in the second');
      assert.ok(!done.data.payload.markdown.includes(INVENTED));
    } finally {
      await h.close();
      await llm.close();
    }
  });

  test('an unreachable model server fails the job with a reason; text-to-JSON answers 503', async () => {
    const h = await startHarness('sqlite', {
      env: {
        CLINSCRIBE_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        CLINSCRIBE_LLM_MODEL: 'm',
        CLINSCRIBE_NOTES_ENGINE: 'llm',
        CLINSCRIBE_EXTRACTION_ENGINE: 'llm',
        CLINSCRIBE_LLM_MAX_RETRIES: '0',
        CLINSCRIBE_JOB_MAX_ATTEMPTS: '1',
      },
    });
    try {
      const created = await h.app.inject({ method: 'POST', url: '/v1/notes', headers: h.stable, payload: { transcript: VISIT, noteType: { type: 'soap' } } });
      const done = await finished(h, `/v2/notes/${created.json().data.noteId}`, h.stable);
      assert.equal(done.data.status, 'failed');
      assert.match(done.data.error, /could not be reached/);
      const res = await h.app.inject({ method: 'POST', url: '/v1/utils/text-to-json', headers: h.stable, payload: { text: VISIT, schema: { type: 'object' } } });
      assert.equal(res.statusCode, 503);
    } finally {
      await h.close();
    }
  });
});
