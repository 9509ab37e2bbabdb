// A condition made specific by the words of its sentence (specify.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();
const assessed = (line: string): string[] => codes(`ASSESSMENT\n${line}\nPLAN\nWe will treat this.`);

test('a type said after the condition is looked up as the index says it, type first (Asthma, mild intermittent J45.20)', () => {
  assert.deepEqual(assessed('Asthma is mild intermittent.'), ['J45.20']);
  assert.deepEqual(assessed('Major depression, recurrent.'), ['F33.9']);
  assert.deepEqual(assessed('Asthma, which is moderate persistent.'), ['J45.40']);
});

test('a negated type or one in the next sentence is no type of the condition', () => {
  assert.deepEqual(assessed('Asthma is not severe.'), ['J45.909']);
  assert.deepEqual(assessed('Asthma. Severe persistent cough.'), ['J45.909']);
});

test('the next condition of a list is no type of the one before ("anxiety, depression")', () => {
  assert.deepEqual(assessed('Anxiety, depression.'), ['F32.A', 'F41.9']);
});

test('lung cancer takes its lobe and the side the lobe phrase names (Neoplasm Table: lung, upper lobe C34.1-)', () => {
  assert.deepEqual(assessed('Non-small cell lung cancer, stage one, of the upper right lobe.'), ['C34.11']);
  assert.deepEqual(assessed('Lung cancer in the left lower lobe.'), ['C34.32']);
  assert.deepEqual(assessed('Lung cancer in a lower lobe.'), ['C34.30']);
  assert.deepEqual(assessed('Lung cancer.'), ['C34.90']);
});

test('thrush in a visit about the mouth is oral candidiasis (Candidiasis, mouth B37.0)', () => {
  assert.deepEqual(assessed('Thrush again; white patches on the tongue.'), ['B37.0']);
  assert.deepEqual(assessed('Thrush again.'), ['B37.9']);
});

test('apnea in a visit about CPAP or a sleep study is sleep apnea (Apnea, sleep G47.30)', () => {
  assert.deepEqual(assessed('Apnea, moderate. Continue CPAP nightly.'), ['G47.30']);
  assert.deepEqual(assessed('Apnea spells in the infant.'), ['R06.81']);
});
