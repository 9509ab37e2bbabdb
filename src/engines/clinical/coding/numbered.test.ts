// A spoken numbered list heads the problems of the assessment, punctuated or not (numbered.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberedStarts } from './numbered.ts';

const startsOf = (text: string, names: string[]): number[] => names.map((n) => text.indexOf(n));

test('a numeral in sequence heads the problem named right after it', () => {
  const text = 'assessment and plan one hypertension continue losartan two hyperkalemia stop the salt substitute repeat potassium in one week three anemia start epoetin';
  const starts = startsOf(text, ['hypertension', 'hyperkalemia', 'anemia']);
  assert.deepEqual([...numberedStarts(text, 0, starts)].sort((a, b) => a - b), starts);
});

test('a count, a decimal or a numeral out of sequence heads nothing', () => {
  const count = 'one plus edema at the shins. two episodes of vomiting.';
  assert.equal(numberedStarts(count, 0, startsOf(count, ['edema', 'vomiting'])).size, 0);
  const decimal = 'an a1c of six point one means prediabetes, and two weeks of rest';
  assert.equal(numberedStarts(decimal, 0, startsOf(decimal, ['prediabetes'])).size, 0);
  const alone = 'we will see you in three months for the gout';
  assert.equal(numberedStarts(alone, 0, startsOf(alone, ['gout'])).size, 0);
});
