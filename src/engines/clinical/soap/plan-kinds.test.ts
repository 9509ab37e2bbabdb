// Plan statements by what they do: reasoning, tests ordered, treatment, education.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byKind, planKind } from './plan-kinds.ts';

test('a plan statement is testing, treatment, education or reasoning by what it does', () => {
  assert.equal(planKind('We will order an x-ray of the left knee.'), 'testing');
  assert.equal(planKind('We will get a hemoglobin a1c today.'), 'testing');
  assert.equal(planKind('The a1c was 7.2 last time.'), 'reasoning');
  assert.equal(planKind('We will start her on meloxicam 15 mg once a day.'), 'treatment');
  assert.equal(planKind('I will refer him to physical therapy.'), 'treatment');
  assert.equal(planKind('She should avoid spicy foods and elevate the leg.'), 'education');
  assert.equal(planKind('I think this is a lumbar strain from lifting.'), 'reasoning');
});

test('statements are grouped by kind in the written order, each kind keeping visit order', () => {
  const s = (text: string) => ({ text, spans: [] });
  const groups = byKind([s('We will start ibuprofen 600 mg.'), s('I think it is a sprain.'), s('We will order an x-ray.'), s('Continue the brace.')]);
  assert.deepEqual(groups.map(([k, items]) => [k, items.map((i) => i.text)]), [
    ['reasoning', ['I think it is a sprain.']],
    ['testing', ['We will order an x-ray.']],
    ['treatment', ['We will start ibuprofen 600 mg.', 'Continue the brace.']],
  ]);
});
