import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseNote } from './note-parse.ts';

test('a known heading with a long paragraph on its line starts a section; a labelled finding inside findings does not', () => {
  const long = 'a dry cough for two weeks, worse at night and when lying down, with no fever, chills or weight loss at all.';
  const note = `Reason for visit: Cough.\n\nHistory: ${long}\n\nMedications:\n- Lisinopril 10 mg daily\n\nRESULTS\n\nLabs: ${long}\n\nPHYSICAL EXAM\n\nExamination of the right elbow: ${long}`;
  const parsed = parseNote(note);
  assert.deepEqual(parsed.sections.map((s) => s.heading), ['Reason for visit', 'History', 'Medications', 'RESULTS', 'PHYSICAL EXAM']);
  assert.equal(parsed.sections[2]!.shape, 'list', 'one bulleted line is a list of one');
});
