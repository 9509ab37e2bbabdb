// Examination findings lose the clinician's framing and name "the" body part.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { examFinding } from './exam-finding.ts';

test('an exam finding drops its framing and the clinician as observer', () => {
  assert.equal(examFinding('On her heart exam, I do appreciate a 3/6 systolic ejection murmur.'), 'A 3/6 systolic ejection murmur.');
  assert.equal(examFinding('On physical examination today, I do not appreciate any edema in his legs.'), 'No edema in the legs.');
  assert.equal(examFinding('She has tenderness over her right medial joint line.'), 'She has tenderness over the right medial joint line.');
  assert.equal(examFinding('Lungs are clear.'), 'Lungs are clear.');
});
