// The tabular list's with/without pairs read from the mention's sentence (with-subterms.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSubterm } from './with-subterms.ts';

test('the "with" sibling of a plain code is coded when the sentence says its qualifier, not when it negates it', () => {
  assert.equal(withSubterm('K58.9', 'irritable bowel syndrome with diarrhea'), 'K58.0');
  assert.equal(withSubterm('K58.9', 'irritable bowel syndrome, no diarrhea'), undefined);
  assert.equal(withSubterm('J45.30', 'your mild persistent asthma is having a flare, an exacerbation'), 'J45.31');
  assert.equal(withSubterm('N40.0', 'benign prostatic hyperplasia with lower urinary tract symptoms'), 'N40.1');
  assert.equal(withSubterm('J45.30', 'mild persistent asthma, well controlled'), undefined);
});
