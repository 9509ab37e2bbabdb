import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { assertionsFor, splitSentences } from './index.ts';

/** Assertion of the first occurrence of `concept` in `text`. */
function of(text: string, concept: string) {
  const start = text.indexOf(concept);
  assert.ok(start >= 0, 'concept present in fixture');
  return assertionsFor(text, { start, end: start + concept.length });
}

test('negation: forward and backward triggers', () => {
  assert.equal(of('She denies chest pain or shortness of breath.', 'shortness of breath').negated, true);
  assert.equal(of('No fever, chills, or night sweats.', 'night sweats').negated, true);
  assert.equal(of('Pneumonia was ruled out.', 'Pneumonia').negated, true);
  assert.equal(of('He has chest pain.', 'chest pain').negated, false);
});

test('negation scope ends at "but"', () => {
  const a = of('No fever but she has a cough.', 'cough');
  assert.equal(a.negated, false);
});

test('pseudo-triggers do not negate', () => {
  assert.equal(of('The pain is not improving.', 'pain').negated, false);
  assert.equal(of('There was no change in his headaches.', 'headaches').negated, false);
});

test('uncertain, hypothetical, historical, family', () => {
  assert.equal(of('This is possibly a urinary tract infection.', 'urinary tract infection').uncertain, true);
  assert.equal(of('We will rule out pneumonia.', 'pneumonia').uncertain, true);
  assert.equal(of('Call us if you develop chest pain.', 'chest pain').hypothetical, true);
  assert.equal(of('She has a history of asthma.', 'asthma').historical, true);
  assert.equal(of('Her mother had breast cancer.', 'breast cancer').family, true);
  assert.equal(of('There is diabetes in her family.', 'diabetes').family, true);
  const plain = of('He has type 2 diabetes.', 'type 2 diabetes');
  assert.deepEqual([plain.negated, plain.uncertain, plain.historical, plain.family, plain.hypothetical], [false, false, false, false, false]);
});

test('questions are flagged', () => {
  assert.equal(of('Any chest pain?', 'chest pain').question, true);
});

test('sentence splitter keeps offsets and skips decimals and abbreviations', () => {
  const text = 'Dr. Smith saw him. Temp 98.6 today!\n[patient] yes';
  const spans = splitSentences(text);
  assert.deepEqual(spans.map((s) => text.slice(s.start, s.end)), ['Dr. Smith saw him.', 'Temp 98.6 today!', '[patient] yes']);
});

test('property: sentence spans are ordered, inside the text and trimmed', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '.', '?', '\n', '3', 'D', 'r', ';') , maxLength: 80 }), (text) => {
      let last = 0;
      for (const s of splitSentences(text)) {
        assert.ok(s.start >= last && s.end > s.start && s.end <= text.length);
        assert.equal(text.slice(s.start, s.end).trim(), text.slice(s.start, s.end));
        last = s.end;
      }
    }),
    { numRuns: 300 },
  );
});

test('the full stop an ASR wrote for the "point" of a temperature does not end the sentence', async () => {
  const { splitSentences } = await import('./sentences.ts');
  const text = 'your temperature is ninety eight . seven and your heart rate is seventy two . okay';
  assert.deepEqual(splitSentences(text).map((s) => text.slice(s.start, s.end)), ['your temperature is ninety eight . seven and your heart rate is seventy two .', 'okay']);
  const other = 'i walked ninety eight . two of us went';
  assert.equal(splitSentences(other).length, 2);
});
