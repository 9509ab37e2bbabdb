import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { CMU_PHONES, espeakToArpabet } from './arpabet.ts';

test('maps espeak-ng mnemonics to ARPAbet, longest match first, marks dropped', () => {
  assert.deepEqual(espeakToArpabet("m'Etfo@m,In"), ['M', 'EH', 'T', 'F', 'AO', 'R', 'M', 'IH', 'N']);
  assert.deepEqual(espeakToArpabet("s'3:tr@l,aIn"), ['S', 'ER', 'T', 'R', 'AH', 'L', 'AY', 'N']);
  assert.deepEqual(espeakToArpabet("dZ'A@di@ns"), ['JH', 'AA', 'R', 'D', 'IY', 'AH', 'N', 'S']);
  assert.deepEqual(espeakToArpabet("l'IsI2n,0pr@L"), ['L', 'IH', 'S', 'IH', 'N', 'AA', 'P', 'R', 'AH', 'L']);
  assert.deepEqual(espeakToArpabet('tSaI'), ['CH', 'AY']);
});

test('r-coloured vowels do not double the r, repeated phones merge', () => {
  assert.deepEqual(espeakToArpabet("'3r@"), ['ER', 'AH']);
  assert.deepEqual(espeakToArpabet("b'Itt@"), ['B', 'IH', 'T', 'AH']);
});

test('unknown symbols refuse the word rather than guess', () => {
  assert.equal(espeakToArpabet('k*t'), null);
  assert.equal(espeakToArpabet(''), null);
});

test('every phone the table can produce belongs to the acoustic model', () => {
  const samples = ["aI@ aI3 aU@ i@3 eI@ aI aU eI OI oU e@ i@ U@ A@ O@ o@ 3: A: i: u: O: @L @2 @5 a# aa I2 I# E2 E# 0# a A E I i 0 O U u V @ 3 L tS dZ t# d# p b t d k g f v T D s z S Z h m n N l r j w x"];
  for (const s of samples[0].split(' ')) {
    const phones = espeakToArpabet(s);
    assert.ok(phones, s);
    for (const p of phones) assert.ok(CMU_PHONES.has(p), `${s} → ${p}`);
  }
});

test('espeak-ng output for real drug names maps completely', { skip: !hasEspeak() }, () => {
  const out = execFileSync('espeak-ng', ['-q', '-x', '-v', 'en-us', '--stdin'], { input: 'atorvastatin.\nhydrochlorothiazide.\nxarelto.\n' }).toString();
  const lines = out.split('\n').map((l) => l.trim()).filter(Boolean);
  assert.equal(lines.length, 3);
  for (const line of lines) {
    const phones = espeakToArpabet(line);
    assert.ok(phones && phones.length >= 5);
    assert.ok(phones.every((p) => CMU_PHONES.has(p)));
  }
});

function hasEspeak(): boolean {
  try {
    execFileSync('espeak-ng', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
