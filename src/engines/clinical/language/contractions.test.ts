import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinSplitContractions } from './contractions.ts';

test('split contractions are joined for matching', () => {
  assert.equal(joinSplitContractions("so you 're at 70 , it 's fine and we do n't worry"), "so you're at 70 , it's fine and we don't worry");
  assert.equal(joinSplitContractions('the dog ’s bowl'), 'the dog’s bowl');
});

test('words that only start like a suffix are left apart', () => {
  assert.equal(joinSplitContractions("he said 'sure' and the 'd' key"), "he said 'sure' and the 'd' key");
});
