// A condition linked to another by "with", "due to", "of"… takes the index's combination code (links.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { linkedCode } from './links.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
const none = (): undefined => undefined;

test('a linking phrase and the linked term in the index words give the combination code', () => {
  assert.equal(linkedCode('K58.9', ' with diarrhea, start a low fodmap diet', 0, none), 'K58.0');
  assert.equal(linkedCode('N40.0', ' with lower urinary tract symptoms', 0, none), 'N40.1');
  assert.equal(linkedCode('D64.9', ' due to chronic kidney disease', 0, none), 'D63.1');
  // No link said, or a link to a condition the index does not list under the node.
  assert.equal(linkedCode('K58.9', ' and diarrhea', 0, none), undefined);
  assert.equal(linkedCode('K58.9', ' with reflux', 0, none), undefined);
  // A full stop ends the link's reach.
  assert.equal(linkedCode('K58.9', ' with. diarrhea', 0, none), undefined);
});

test('the linked condition may be named as a mention of its category', () => {
  const at = (o: number): string | undefined => (o === 8 ? 'N18.4' : undefined);
  assert.equal(linkedCode('D64.9', ' of the ckd stage four', 0, at), 'D63.1');
});

test('the link codes the condition in a visit, and its other mentions with it', () => {
  assert.deepEqual(codes('Assessment: irritable bowel syndrome with diarrhea. Start dicyclomine for the irritable bowel syndrome.'), ['K58.0']);
});
