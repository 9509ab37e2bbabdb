// The file-in, result-out commands, run as a user runs them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/processes.ts';

test('extract and note (template) work on files; bad input exits 2 with a message', { timeout: 60_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-cli-'));
  try {
    const env = { CLINSCRIBE_DATA_DIR: dir };
    fs.writeFileSync(path.join(dir, 'letter.txt'), 'Patient is 45 years old and denies smoking.');
    fs.writeFileSync(
      path.join(dir, 'schema.json'),
      JSON.stringify({ type: 'object', properties: { age: { type: ['integer', 'null'] }, smoker: { type: ['boolean', 'null'] } }, required: ['age', 'smoker'] }),
    );
    const extracted = await runCli(['extract', path.join(dir, 'letter.txt'), path.join(dir, 'schema.json')], env);
    assert.equal(extracted.code, 0, extracted.stderr);
    assert.deepEqual(JSON.parse(extracted.stdout).data, { age: 45, smoker: false });

    fs.writeFileSync(path.join(dir, 'visit.txt'), '[doctor] any allergies?\n[patient] i am allergic to sulfa drugs.');
    fs.writeFileSync(
      path.join(dir, 'template.json'),
      JSON.stringify({ id: 't', title: 'T', sections: [{ id: 'a', type: 'list', prompt: 'Allergies' }] }),
    );
    const note = await runCli(['note', path.join(dir, 'visit.txt'), '--template', path.join(dir, 'template.json')], env);
    assert.equal(note.code, 0, note.stderr);
    assert.match(note.stdout.toLowerCase(), /sulfa/);

    const badSchema = await runCli(['extract', path.join(dir, 'letter.txt'), path.join(dir, 'visit.txt')], env);
    assert.equal(badSchema.code, 2);
    assert.match(badSchema.stderr, /not valid JSON/);
    const missing = await runCli(['note', path.join(dir, 'nope.txt')], env);
    assert.equal(missing.code, 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
