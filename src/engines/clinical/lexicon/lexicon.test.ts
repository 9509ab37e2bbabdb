import { test } from 'node:test';
import assert from 'node:assert/strict';
import { americanSpelling, conceptLexicon, drugLexicon, findConcepts, icd10cmTitles, isBillable, tokenize } from './index.ts';

test('the shipped code set is the 74,719 billable FY2026 codes, no headers', () => {
  assert.equal(icd10cmTitles().size, 74719);
  assert.equal(isBillable('E11.9'), true);
  assert.equal(isBillable('E11'), false);
  assert.equal(isBillable('R51'), false);
});

test('every concept code is billable', () => {
  for (const c of conceptLexicon().concepts) {
    if (c.kind === 'ignore') continue;
    for (const code of Object.values(c.codes)) assert.ok(isBillable(code!), `${code} billable`);
    if (c.history !== '=' && c.history !== '-') assert.ok(isBillable(c.history), `${c.history} billable`);
  }
});

test('longest match wins and offsets index the text', () => {
  const text = 'He has Type 2 Diabetes and high blood pressure.';
  const found = findConcepts(tokenize(text));
  assert.deepEqual(found.map((m) => m.concept.codes.U), ['E11.9', 'I10']);
  assert.deepEqual(found.map((m) => text.slice(m.start, m.end)), ['Type 2 Diabetes', 'high blood pressure']);
});

test('drug lexicon maps brands to generics', () => {
  assert.equal(drugLexicon().get('lipitor')?.generic, 'atorvastatin');
  assert.equal(drugLexicon().get('lisinopril')?.rx, true);
});

test('British spellings match as the American forms, with the words said as the span', () => {
  assert.equal(americanSpelling('haemoptysis'), 'hemoptysis');
  assert.equal(americanSpelling('oedema'), 'edema');
  assert.equal(americanSpelling('dyspnoea'), 'dyspnea');
  assert.equal(americanSpelling('tumour'), 'tumor');
  assert.equal(americanSpelling('generalised'), 'generalized');
  assert.equal(americanSpelling('immunisation'), 'immunization');
  for (const word of ['hemoptysis', 'toe', 'does', 'shoes', 'your', 'hour', 'exercise', 'bruised', 'otherwise', 'generalized']) assert.equal(americanSpelling(word), word);
  const text = 'Some haematuria and oedema.';
  const found = findConcepts(tokenize(text));
  assert.deepEqual(found.map((m) => text.slice(m.start, m.end)), ['haematuria', 'oedema']);
});

test('a concept term is read in its English plural too: "-es" after s, sh, ch, x, z', () => {
  const said = (text: string): string[] => findConcepts(tokenize(text)).map((m) => m.concept.codes.U);
  assert.deepEqual(said('two skin abscesses on the arm'), said('a skin abscess on the arm'));
  assert.ok(said('two skin abscesses on the arm').length > 0);
  assert.deepEqual(said('recurrent migraines'), said('recurrent migraine'));
});

test('lay wordings of index terms are found as their concepts (sleeplessness, night sweating, near fainting, tummy pain, photophobia, ptosis, difficulty urinating)', () => {
  const cases: [string, string][] = [
    ['Lately I am not able to sleep at all.', 'G47.00'],
    ['He keeps sweating at night.', 'R61'],
    ['I felt faint in the shower.', 'R55'],
    ['My tummy hurts after lunch.', 'R10.9'],
    ['She is sensitive to light.', 'H53.149'],
    ['His eyelid is drooping.', 'H02.409'],
    ['He has had difficulty urinating since spring.', 'R39.198'],
    ['Her psychotic episodes come and go.', 'F29'],
    ['We noticed a cognitive decline over the winter.', 'R41.89'],
    ['This is a bloodborne pathogen exposure from the needle.', 'Z77.21'],
    ['This morning my urine was dark.', 'R82.90'],
  ];
  for (const [text, code] of cases) {
    assert.deepEqual(findConcepts(tokenize(text)).map((m) => m.concept.codes.U), [code], text);
  }
});

test('a condition named by its participle is read in its verb forms too: "tore my rotator cuff", "torn that rotator cuff", "broke her wrist"', () => {
  const said = (text: string): string[] => findConcepts(tokenize(text)).map((m) => m.concept.codes.U);
  assert.deepEqual(said('I think I tore my rotator cuff lifting boxes'), ['M75.100']);
  assert.deepEqual(said('the scan shows you have torn that rotator cuff again'), ['M75.100']);
  assert.deepEqual(said('she broke her wrist'), ['S62.109A']);
  // The participle alone before another word names nothing ("torn jeans", "broke down").
  assert.deepEqual(said('my jeans are torn and the car broke down'), []);
});
