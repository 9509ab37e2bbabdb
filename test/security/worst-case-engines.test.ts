// Every text engine answers worst-case sentences (no catastrophic backtracking): SOAP and
// template notes, coding, text-to-JSON, transcript reading.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createEmbeddedCodingEngine } from '../../src/engines/clinical/coding/index.ts';
import { createEmbeddedExtractionEngine } from '../../src/engines/clinical/extraction/index.ts';
import { createEmbeddedNoteEngine } from '../../src/engines/clinical/soap/index.ts';
import { createEmbeddedTemplateEngine, withTemplateNotes } from '../../src/engines/clinical/templates/index.ts';
import { readTranscript } from '../../src/engines/clinical/transcript/index.ts';
import { hostileTranscript, WORST_CASE_SENTENCES } from './worst-case-sentences.ts';

test('a SOAP note of a hostile transcript is written', async () => {
  const notes = withTemplateNotes(createEmbeddedNoteEngine());
  const result = await notes.generateNote({ transcript: hostileTranscript(), noteType: { type: 'soap' } });
  assert.equal(typeof result.markdown, 'string');
});

test('a template note and a note style of a hostile transcript are written', async () => {
  const notes = withTemplateNotes(createEmbeddedNoteEngine());
  const template = { id: 't', title: 'Visit', sections: [{ id: 'hpi', type: 'text' as const, prompt: 'History of present illness' }, { id: 'plan', type: 'list' as const, prompt: 'Plan' }] };
  const note = await notes.generateNote({ transcript: hostileTranscript(), noteType: { type: 'note_template', template } });
  assert.equal(typeof note.markdown, 'string');
  const templates = createEmbeddedTemplateEngine();
  const style = await templates.deriveStyle({ sampleNote: WORST_CASE_SENTENCES.join('\n') });
  assert.equal(typeof style, 'string');
  const generated = await templates.generate({ notes: [{ content: WORST_CASE_SENTENCES.join('\n') }] });
  assert.ok(generated.template);
  const refined = await templates.refine({ template, instructions: WORST_CASE_SENTENCES.join('. ') });
  assert.ok(refined.template);
});

test('coding a hostile text finishes', async () => {
  const coded = await createEmbeddedCodingEngine().code(hostileTranscript());
  assert.ok(Array.isArray(coded.diagnoses));
});

test('text-to-JSON over a hostile text finishes', async () => {
  const schema = { type: 'object', properties: { allergies: { type: 'array', items: { type: 'string' } }, diagnosis: { type: 'string' }, age: { type: 'integer' } } };
  const result = await createEmbeddedExtractionEngine().extract(hostileTranscript(), schema);
  assert.ok(result.data && typeof result.data === 'object');
});

test('each worst-case sentence is read as a transcript line', () => {
  for (const sentence of WORST_CASE_SENTENCES) assert.ok(readTranscript(`Doctor: ${sentence}`).turns.length >= 1);
});
