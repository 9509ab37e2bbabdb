// clinscribe eval: scores notes engines on an ACI-bench-style CSV (embedded, and a model that plants facts).
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type FakeLlm, startFakeLlm } from '../../test/helpers/fake-llm.ts';
import { createEmbeddedNoteEngine } from '../engines/clinical/soap/index.ts';
import { ChatClient } from '../engines/llm/chat-client.ts';
import { modelChooser } from '../engines/llm/context.ts';
import { createLlmNoteEngine } from '../engines/llm/notes.ts';
import { inlineLlmWork } from '../engines/llm/work.ts';
import { plantedSoap, VISIT } from '../engines/llm/testing/visit.test-data.ts';
import { evaluate } from './eval.ts';

const REFERENCE = 'HISTORY OF PRESENT ILLNESS\n\nHeadaches for two weeks. Takes lisinopril 20 mg daily.\n\nALLERGIES\n\nPenicillin (rash).\n\nPHYSICAL EXAMINATION\n\nBlood pressure: 150/95 mmHg. Heart rate: 78 bpm.\n\nPLAN\n\nIncrease lisinopril to 40 mg. Add hydrochlorothiazide 12.5 mg.';
const csv = (rows: string[][]) => rows.map((r) => r.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).join('\n');

describe('clinscribe eval', () => {
  let dir: string;
  let file: string;
  let llm: FakeLlm;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eval-'));
    file = path.join(dir, 'visits.csv');
    await fs.writeFile(file, csv([['dataset', 'encounter_id', 'dialogue', 'note'], ['t', 'D1', VISIT, REFERENCE]]));
    llm = await startFakeLlm(() => ({ content: JSON.stringify(plantedSoap()) }));
  });
  after(async () => {
    await llm.close();
    await fs.rm(dir, { recursive: true });
  });

  test('scores the embedded engine: ROUGE and fact agreement against the reference', async () => {
    const report = await evaluate([file], createEmbeddedNoteEngine(), 'embedded');
    assert.equal(report.visits, 1);
    assert.equal(report.failed, 0);
    assert.ok(report.rouge1 > 0 && report.rouge1 <= 1);
    assert.equal(report.medications.precision, 1);
    assert.equal(report.unsupportedInNotes, 0);
  });

  test('scores a model engine: planted facts are counted as listed, none is left unsupported in the notes', async () => {
    const ctx = { client: new ChatClient({ baseUrl: llm.baseUrl }), model: modelChooser('m', {}), grounding: 'drop' as const, chunkChars: 24_000, work: inlineLlmWork() };
    const report = await evaluate([file], createLlmNoteEngine(ctx, { hybrid: false }), 'llm');
    assert.ok(report.ungroundedListed >= 7);
    assert.equal(report.unsupportedInNotes, 0);
    const flagged = await evaluate([file], createLlmNoteEngine({ ...ctx, grounding: 'flag' }, { hybrid: false }), 'llm');
    assert.ok(flagged.unsupportedInNotes > 0, 'flag mode leaves them in the note, and eval sees them');
  });
});
