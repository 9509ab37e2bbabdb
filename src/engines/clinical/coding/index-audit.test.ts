// Hand lexicon rows (data/lexicon/*.tsv) agree with the FY2025 Alphabetic Index for their exact wording (audit, issue #18).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('chest tightness and pressure are other chest pain (Index: Tight, tightness, chest R07.89; Pressure, chest R07.89)', () => {
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: I get a tightness in my chest when I climb the stairs.'), ['R07.89']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Chest pressure since the morning.'), ['R07.89']);
  assert.deepEqual(codes('Doctor: What brings you in?\nPatient: Chest pain since the morning.'), ['R07.9']);
});

test('chronic pain is G89.29, not pain unspecified (Index: Pain, chronic G89.29; I.C.6.b.1)', () => {
  assert.deepEqual(codes('Doctor: How are you managing?\nPatient: The chronic pain keeps me awake at night.'), ['G89.29']);
});
