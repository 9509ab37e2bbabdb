import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BOS, EOS, interpolate, logProb, perplexity, pruneByJointProbability, readArpa, restrictVocabulary, trainAbsoluteDiscount, writeArpa, type BackoffModel } from './ngram.ts';

const corpus = [
  'my knee hurts',
  'my knee hurts when i walk',
  'my back hurts',
  'i take lisinopril every day',
  'i take metformin',
  'the knee is swollen',
  'does it hurt when i press here',
  'it hurts here',
].map((s) => s.split(' '));
const vocab = new Set(corpus.flat().concat(['ankle', 'aspirin']));

function totalMass(model: BackoffModel, history: string[]): number {
  let sum = 0;
  for (const w of [...vocab, EOS]) sum += 10 ** logProb(model, history, w);
  return sum;
}

const histories = [[BOS], ['my'], ['knee'], [BOS, 'my'], ['my', 'knee'], ['i', 'take'], ['ankle'], ['walk', 'knee']];

test('absolute discounting gives every history a distribution that sums to one', () => {
  const model = trainAbsoluteDiscount(corpus, vocab, { minCounts: [1, 1, 1] });
  for (const h of histories) assert.ok(Math.abs(totalMass(model, h) - 1) < 1e-6, h.join(' '));
  // Seen continuations beat unseen ones; unseen vocabulary words keep some probability.
  assert.ok(logProb(model, ['my'], 'knee') > logProb(model, ['my'], 'take'));
  assert.ok(Number.isFinite(logProb(model, ['my'], 'ankle')));
  assert.ok(logProb(model, [BOS, 'i'], 'take') > logProb(model, [BOS, 'i'], 'walk'));
});

test('count cut-offs keep the model normalised', () => {
  const model = trainAbsoluteDiscount(corpus, vocab, { minCounts: [1, 2, 2] });
  assert.ok(!model.grams[2].has('my knee hurts') || model.grams[1].has('knee hurts'));
  for (const h of histories) assert.ok(Math.abs(totalMass(model, h) - 1) < 1e-6, h.join(' '));
});

test('ARPA text round-trips and has the standard sections', () => {
  const model = trainAbsoluteDiscount(corpus, vocab, { minCounts: [1, 1, 1] });
  const text = writeArpa(model);
  assert.match(text, /^\\data\\\nngram 1=\d+\nngram 2=\d+\nngram 3=\d+\n\n\\1-grams:\n/);
  assert.match(text, /\\end\\\n$/);
  // Top-order lines carry no back-off weight; lower orders do.
  const trigramLine = text.split('\\3-grams:\n')[1].split('\n')[0];
  assert.equal(trigramLine.split('\t').length, 2);
  const back = readArpa(text);
  assert.deepEqual(back.grams.map((g) => g.size), model.grams.map((g) => g.size));
  for (const h of histories) for (const w of ['knee', 'hurts', EOS, 'ankle']) {
    assert.ok(Math.abs(logProb(back, h, w) - logProb(model, h, w)) < 1e-5);
  }
});

test('interpolation mixes seen n-grams exactly and stays normalised', () => {
  const a = trainAbsoluteDiscount(corpus.slice(0, 4), vocab, { minCounts: [1, 1, 1] });
  const b = trainAbsoluteDiscount(corpus.slice(4), vocab, { minCounts: [1, 1, 1] });
  const mixed = interpolate(a, b, 0.3);
  for (const h of histories) assert.ok(Math.abs(totalMass(mixed, h) - 1) < 1e-6, h.join(' '));
  const expected = 0.3 * 10 ** logProb(a, ['my'], 'knee') + 0.7 * 10 ** logProb(b, ['my'], 'knee');
  assert.ok(Math.abs(10 ** logProb(mixed, ['my'], 'knee') - expected) < 1e-9);
  // On text drawn from both halves the mixture beats the worse part (by concavity of log).
  const sample = [['my', 'knee', 'hurts'], ['does', 'it', 'hurt', 'when', 'i', 'press', 'here']];
  const pm = perplexity(mixed, sample).perplexity;
  assert.ok(pm < Math.max(perplexity(a, sample).perplexity, perplexity(b, sample).perplexity));
});

test('vocabulary restriction and pruning keep distributions whole', () => {
  const model = trainAbsoluteDiscount(corpus, vocab, { minCounts: [1, 1, 1] });
  const small = new Set([...vocab].filter((w) => w !== 'metformin'));
  const restricted = restrictVocabulary(model, small);
  assert.ok(!restricted.grams[0].has('metformin'));
  assert.ok(![...restricted.grams[1].keys()].some((k) => k.includes('metformin')));
  const pruned = pruneByJointProbability(restricted, 0.01);
  assert.ok(pruned.grams[2].size < restricted.grams[2].size);
  let sum = 0;
  for (const w of [...small, EOS]) sum += 10 ** logProb(pruned, ['my'], w);
  assert.ok(Math.abs(sum - 1) < 1e-6);
});

test('perplexity counts unknown words apart', () => {
  const model = trainAbsoluteDiscount(corpus, vocab, { minCounts: [1, 1, 1] });
  const p = perplexity(model, [['my', 'zebra', 'hurts']]);
  assert.equal(p.oov, 1);
  assert.equal(p.words, 3); // my, hurts, </s>
  assert.ok(p.perplexity > 1);
});
