import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readTranscript } from './transcript-lite.ts';

function check(text: string, roles: string[]) {
  const utterances = readTranscript(text);
  for (const u of utterances) assert.equal(text.slice(u.span.start, u.span.end), u.text, 'span indexes the submitted text');
  assert.deepEqual([...new Set(utterances.map((u) => `${u.turn}:${u.role}`))].map((x) => x.split(':')[1]), roles);
  return utterances;
}

test('reads bracketed, named, timestamped and abbreviated speaker labels', () => {
  check('[doctor] any fever ?\n[patient] no .', ['doctor', 'patient']);
  check('Doctor: Any fever?\nPatient: No.', ['doctor', 'patient']);
  check('[00:01:02] Doctor: Any fever?\n[00:01:05] Patient: No, none.', ['doctor', 'patient']);
  check('D: Any fever?\nP: No.', ['doctor', 'patient']);
  check('Guest_family: She was coughing.', ['other']);
});

test('generic speaker labels: the one asking questions is the clinician', () => {
  check('Speaker 1: How long has it hurt? Any swelling?\nSpeaker 2: About a week.\nSpeaker 1: Does it wake you?\nSpeaker 2: Sometimes.', ['doctor', 'patient', 'doctor', 'patient']);
});

test('unlabelled text is still split into sentences with spans', () => {
  const u = check('Knee pain for a week. No swelling.', ['other']);
  assert.equal(u.length, 2);
});
