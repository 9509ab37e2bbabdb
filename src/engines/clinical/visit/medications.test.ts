import assert from 'node:assert/strict';
import { test } from 'node:test';
import { drugNamed, isDeviceOrForm, medicationsIn } from './medications.ts';

const said = (...texts: string[]) => texts.map((text, i) => ({ text, span: { start: i * 100, end: i * 100 + text.length } }));
const names = (...texts: string[]) => medicationsIn(said(...texts), []).map((m) => m.name.toLowerCase());

test('devices and dose forms are not drugs; the drug said with one carries it as its form', () => {
  for (const w of ['inhaler', 'nebulizer', 'pen', 'patch', 'spray', 'auto-injector']) {
    assert.equal(drugNamed(w, [w]), undefined, w);
    assert.ok(isDeviceOrForm(w), w);
  }
  const [m] = medicationsIn(said('we will start an albuterol inhaler, two puffs every four hours as needed.'), []);
  assert.deepEqual([m!.name, m!.form, m!.dosage], ['Albuterol', 'inhaler', '2 puffs']);
  assert.equal(medicationsIn(said('use the fluticasone nasal spray daily.'), [])[0]!.form, 'spray');
  assert.deepEqual(names('use your rescue inhaler and the nebulizer as needed.'), []);
});

test('a drug to avoid, or corrected as soon as it is said, is not a medication', () => {
  assert.deepEqual(names('try not to take any ibuprofen and cut down on coffee.'), []);
  assert.deepEqual(names("we'll treat you with penicillin or, i'm sorry, amoxicillin twice a day."), ['amoxicillin']);
  assert.deepEqual(names('we want to avoid going to insulin.'), []);
  assert.deepEqual(names('keep taking the ibuprofen with food.'), ['ibuprofen']);
});

test('everyday words in the lexicon are not drugs', () => {
  assert.deepEqual(names('how much alcohol do you drink? we will get labs pre-op.'), []);
});
