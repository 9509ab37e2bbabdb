import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Assertion, assertionOf } from './assertion.ts';
import { buildDoc } from './text-doc.ts';

// [text, mention (its last occurrence), field, expected]
type Case = [string, string, keyof Assertion, boolean];

function check(cases: Case[]): void {
  for (const [text, mention, field, expected] of cases) {
    const start = text.lastIndexOf(mention);
    assert.ok(start >= 0, 'mention present in fixture');
    assert.equal(assertionOf(buildDoc(text), { start, end: start + mention.length })[field], expected, `${field} of "${mention}" in "${text}"`);
  }
}

test('shared context cues: negation, hypothetical, family', () => {
  check([
    ['He denies chest pain.', 'chest pain', 'negated', true],
    ['He has chest pain.', 'chest pain', 'negated', false],
    ['Return if fever develops.', 'fever', 'hypothetical', true],
    ['Her mother has diabetes.', 'diabetes', 'otherPerson', true],
  ]);
});

test('written-note cues: "non-" and "nil" negate, "quit" is former', () => {
  check([
    ['Non-smoker, social EtOH.', 'smoker', 'negated', true],
    ['Nil smoking/etOH hx', 'etOH', 'negated', true],
    ['Nil smoking, but drinks daily EtOH', 'EtOH', 'negated', false],
    ['Smoking: quit 2010, smoker for 20 years.', 'smoker', 'former', true],
    ['Current smoker.', 'smoker', 'former', false],
  ]);
});

test('a family cue reaches only its own list item; cues stop at a line break', () => {
  check([
    ['Risk factors: FH of IHD, hypertension, overweight', 'IHD', 'otherPerson', true],
    ['Risk factors: FH of IHD, hypertension, overweight', 'hypertension', 'otherPerson', false],
    ['Alcohol: no\nSmoker: yes', 'Smoker', 'negated', false],
  ]);
});
