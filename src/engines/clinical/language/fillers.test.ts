import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanUtterance } from './fillers.ts';

test('fillers, false starts and stutters go; hyphenated answers stay whole', () => {
  const cases: [string, string][] = [
    ['um, i have, uh, a headache', 'i have, a headache'],
    ['we- we started it, you know, last week', 'we started it last week'],
    ['i , i think so', 'i think so'],
    ['uh-huh.', 'uh-huh.'],
    ['mm-hmm, every morning', 'mm-hmm, every morning'],
    ['uh-uh, no chest pain', 'uh-uh, no chest pain'],
    ['hmm. okay', 'okay'],
  ];
  for (const [input, expected] of cases) assert.equal(cleanUtterance(input), expected, input);
});
