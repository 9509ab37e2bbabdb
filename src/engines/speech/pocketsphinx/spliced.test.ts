import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splicedOffsets, unsplice } from './spliced.ts';

const word = (start: number, end: number) => ({ word: 'w', start, end, confidence: 1 });

test('words heard in the spliced stream map back to their stretch of the recording', () => {
  const spans = [{ start: 10, end: 12 }, { start: 30, end: 31.5 }];
  const offsets = splicedOffsets(spans, 0.8);
  assert.deepEqual(offsets, [0, 2.8]);
  assert.deepEqual(unsplice(word(0.5, 1.0), spans, offsets), word(10.5, 11));
  assert.deepEqual(unsplice(word(3.0, 3.4), spans, offsets), word(30.2, 30.6));
  // Aligned a little into the silence after a stretch: clipped at the stretch's end.
  assert.deepEqual(unsplice(word(1.8, 2.1), spans, offsets), word(11.8, 12));
  // Wholly inside the added silence: not speech of the recording.
  assert.equal(unsplice(word(2.3, 2.6), spans, offsets), undefined);
});
