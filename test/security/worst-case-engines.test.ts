// Every text engine answers worst-case sentences (no catastrophic backtracking): SOAP and
// template notes, note styles, template jobs, coding, text-to-JSON, transcript reading.
// The engines run in an engine thread with a generous deadline, so a regression fails the
// test with the deadline named instead of hanging the suite.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { pooledCodingEngine, pooledExtractionEngine, pooledNoteEngine, pooledTemplateEngine } from '../../src/engines/pool/adapter.ts';
import { EnginePool } from '../../src/engines/pool/pool.ts';
import { hostileTranscript, WORST_CASE_SENTENCES } from './worst-case-sentences.ts';

const GUARD_MS = 120_000;
const deadlines = { notes: GUARD_MS, templates: GUARD_MS, coding: GUARD_MS, extraction: GUARD_MS, diarization: GUARD_MS };
const pool = new EnginePool({ threads: 1, heapMb: 1024 });
after(() => pool.close());
const notes = pooledNoteEngine(pool, deadlines);
const templates = pooledTemplateEngine(pool, deadlines);
const template = { id: 't', title: 'Visit', sections: [{ id: 'hpi', type: 'text' as const, prompt: 'History of present illness' }, { id: 'plan', type: 'list' as const, prompt: 'Plan' }] };

test('a SOAP note of a hostile transcript is written', async () => {
  const result = await notes.generateNote({ transcript: hostileTranscript(), noteType: { type: 'soap' } });
  assert.equal(typeof result.markdown, 'string');
});

test('a template note, a note style and template jobs over hostile text are written', async () => {
  const note = await notes.generateNote({ transcript: hostileTranscript(), noteType: { type: 'note_template', template } });
  assert.equal(typeof note.markdown, 'string');
  assert.equal(typeof (await templates.deriveStyle({ sampleNote: WORST_CASE_SENTENCES.join('\n') })), 'string');
  assert.ok((await templates.generate({ notes: [{ content: WORST_CASE_SENTENCES.join('\n') }] })).template);
  assert.ok((await templates.refine({ template, instructions: WORST_CASE_SENTENCES.join('. ') })).template);
});

test('coding a hostile text finishes', async () => {
  const coded = await pooledCodingEngine(pool, deadlines).code(hostileTranscript());
  assert.ok(Array.isArray(coded.diagnoses));
});

test('text-to-JSON over a hostile text finishes', async () => {
  const schema = { type: 'object', properties: { allergies: { type: 'array', items: { type: 'string' } }, diagnosis: { type: 'string' }, age: { type: 'integer' } } };
  const result = await pooledExtractionEngine(pool, deadlines).extract(hostileTranscript(), schema);
  assert.ok(result.data && typeof result.data === 'object');
});

test('each worst-case sentence alone, said by either speaker, makes a note', async () => {
  for (const sentence of WORST_CASE_SENTENCES) {
    const result = await notes.generateNote({ transcript: `Doctor: ${sentence}\nPatient: ${sentence}`, noteType: { type: 'soap' } });
    assert.equal(typeof result.markdown, 'string');
  }
});
