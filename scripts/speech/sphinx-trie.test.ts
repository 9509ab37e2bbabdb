import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { SYSTEM_MODEL_DIR } from '../../src/engines/speech/pocketsphinx/models.ts';
import { EOS, logProb } from './ngram.ts';
import { readSphinxTrie } from './sphinx-trie.ts';

const LM = `${SYSTEM_MODEL_DIR}/en-us.lm.bin`;

test("reads Debian's en-us trie model into normalised distributions", { skip: !existsSync(LM) }, () => {
  const vocab = new Set(['the', 'my', 'knee', 'hurts', 'how', 'are', 'you', 'doing', 'today', 'i', 'am', 'fine', 'bogged', 'down']);
  const model = readSphinxTrie(LM, (w) => vocab.has(w));
  assert.equal(model.grams.length, 3);
  // Stored back to front: "bogged down" is a bigram, "down bogged" is not.
  assert.ok(model.grams[1].has('bogged down'));
  assert.ok(!model.grams[1].has('down bogged'));
  assert.ok(logProb(model, ['how', 'are'], 'you') > logProb(model, ['how', 'are'], 'knee'));
  // Unigrams of the full model sum to one; here only a subset is kept, so check the scale.
  const the = model.grams[0].get('the')!;
  assert.ok(the.logp > -2 && the.logp < -1, `log10 P(the) = ${the.logp}`);
  assert.ok(model.grams[0].has(EOS));
});

test('the unigram-only read keeps every word and no n-grams', { skip: !existsSync(LM) }, () => {
  const model = readSphinxTrie(LM, () => false, true);
  assert.ok(model.grams[0].size > 50_000);
  assert.equal(model.grams[1].size, 0);
  let sum = 0;
  for (const e of model.grams[0].values()) sum += 10 ** e.logp;
  assert.ok(Math.abs(sum - 1) < 1e-3);
});
