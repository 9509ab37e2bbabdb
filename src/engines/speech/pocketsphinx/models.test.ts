import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { CLINICAL_DICT, CLINICAL_LM, DECODER_FLAGS, DRUG_DICT, resolveModels, SYSTEM_MODEL_DIR } from './models.ts';

const shipped = existsSync(CLINICAL_LM) && existsSync(CLINICAL_DICT) && existsSync(DRUG_DICT);

test('defaults: the shipped clinical model with its own dictionary plus drug names, tuned flags', { skip: !shipped }, () => {
  const models = resolveModels();
  assert.equal(models.lm, CLINICAL_LM);
  assert.deepEqual(models.flags, DECODER_FLAGS);
  const dict = readFileSync(models.dict, 'utf8');
  const words = new Set(dict.split('\n').map((l) => l.split(/\s/, 1)[0]));
  assert.ok(words.has('lisinopril') && words.has('hypertension') && words.has('the'));
  assert.ok(!dict.includes('#'), 'comment lines are not copied into the decoder dictionary');
  // Trimmed to the model's vocabulary: far smaller than cmudict's 135k entries.
  assert.ok(words.size < 40_000);
});

test("'default' forces Debian's general model with the full CMU dictionary", () => {
  const models = resolveModels({ lm: 'default', dictAdditions: null, decoderFlags: [] });
  assert.equal(models.lm, `${SYSTEM_MODEL_DIR}/en-us.lm.bin`);
  assert.equal(models.dict, `${SYSTEM_MODEL_DIR}/cmudict-en-us.dict`);
  assert.deepEqual(models.flags, []);
});

test('the shipped drug dictionary uses only the acoustic model\'s phones', { skip: !existsSync(DRUG_DICT) }, () => {
  const phones = new Set('AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' '));
  const entries = readFileSync(DRUG_DICT, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.ok(entries.length > 1000);
  for (const line of entries) {
    const [word, ...p] = line.split(' ');
    assert.match(word, /^[a-z]+$/);
    assert.ok(p.length > 0 && p.every((x) => phones.has(x)), line);
  }
});
