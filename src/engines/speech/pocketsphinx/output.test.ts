import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isFiller, type RecognizedWord, SegmentParser, type UtteranceSpan } from './output.ts';

function parse(lines: string[], offset = 0): { words: RecognizedWord[]; span: UtteranceSpan }[] {
  const out: { words: RecognizedWord[]; span: UtteranceSpan }[] = [];
  const parser = new SegmentParser((words, span) => out.push({ words, span }), offset);
  for (const line of lines) parser.line(line);
  parser.flush();
  return out;
}

test('reads one utterance: hypothesis line, then <s>, words with times and posteriors, </s>', () => {
  const out = parse(['my knee hurts', '<s> 0.120 0.250 0.998', 'my 0.260 0.410 0.901', '<sil> 0.420 0.500 1.000', 'knee(2) 0.510 0.800 0.75', 'hurts 0.810 1.200 1.0002', '</s> 1.210 1.400 1.000']);
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].words.map((w) => w.word), ['my', 'knee', 'hurts']);
  assert.deepEqual(out[0].words[1], { word: 'knee', start: 0.51, end: 0.8, confidence: 0.75 });
  assert.equal(out[0].words[2].confidence, 1, 'posteriors above 1 are clamped');
  assert.deepEqual(out[0].span, { start: 0.12, end: 1.4 });
});

test('adds the time offset of the decoded piece and keeps utterances apart', () => {
  const out = parse(['yes', '<s> 0.0 0.1 1', 'yes 0.1 0.4 0.9', '</s> 0.4 0.5 1', 'no', '<s> 1.0 1.1 1', '[NOISE] 1.1 1.3 1', 'no 1.3 1.6 0.8', '</s> 1.6 1.7 1'], 10);
  assert.equal(out.length, 2);
  assert.deepEqual(out[0].words, [{ word: 'yes', start: 10.1, end: 10.4, confidence: 0.9 }]);
  assert.deepEqual(out[1].words.map((w) => [w.word, w.start]), [['no', 11.3]]);
  assert.deepEqual(out[1].span, { start: 11, end: 11.7 });
});

test('an utterance cut off without </s> is still delivered; fillers and junk lines are ignored', () => {
  const out = parse(['INFO: something the decoder logged', '<s> 0.0 0.1 1', 'pain 0.1 0.5 0.7', '++BREATH++ 0.5 0.6 1']);
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].words.map((w) => w.word), ['pain']);
  assert.ok(isFiller('<sil>') && isFiller('[SPEECH]') && isFiller('++UH++') && !isFiller("don't"));
});

test('an utterance with only silence yields an empty word list with its span', () => {
  const out = parse(['', '<s> 2.0 2.1 1', '<sil> 2.1 2.5 1', '</s> 2.5 2.6 1']);
  assert.equal(out.length, 1);
  assert.deepEqual(out[0].words, []);
  assert.deepEqual(out[0].span, { start: 2, end: 2.6 });
});

test('settle() delivers an utterance printed without </s> once it holds its hypothesis words', () => {
  const out: { words: RecognizedWord[]; span: UtteranceSpan }[] = [];
  const parser = new SegmentParser((words, span) => out.push({ words, span }));
  for (const line of ['on court', '<s> 0.0 0.1 1', 'on 0.1 0.3 0.5']) parser.line(line);
  parser.settle();
  assert.equal(out.length, 0, 'a word of the hypothesis is still to come');
  parser.line('court 0.3 0.7 0.6');
  parser.settle();
  assert.equal(out.length, 1, 'complete without waiting for the next utterance');
  assert.deepEqual(out[0].words.map((w) => w.word), ['on', 'court']);
  assert.deepEqual(out[0].span, { start: 0, end: 0.7 });
  // A </s> printed late belongs to the utterance already delivered.
  parser.line('</s> 0.7 0.9 1');
  for (const line of ['yes', '<s> 1.0 1.1 1', 'yes 1.1 1.4 0.9', '</s> 1.4 1.5 1']) parser.line(line);
  parser.flush();
  assert.equal(out.length, 2);
  assert.deepEqual(out[1].words.map((w) => w.word), ['yes']);
});

test('settle() leaves an utterance with its </s> in the same burst as it is', () => {
  const out: UtteranceSpan[] = [];
  const parser = new SegmentParser((_words, span) => out.push(span));
  for (const line of ['my knee', '<s> 0.1 0.2 1', 'my 0.2 0.4 1', 'knee 0.4 0.8 1', '</s> 0.8 1.1 1']) parser.line(line);
  parser.settle();
  assert.deepEqual(out, [{ start: 0.1, end: 1.1 }]);
});
