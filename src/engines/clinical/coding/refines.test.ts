// An unspecified code yields only to a specific code of the same condition (refines.ts, select.ts dropLessSpecific).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';
import { refines, unspecifiedNode } from './refines.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('the unspecified places of a code give the tabular node it stands for', () => {
  assert.deepEqual(unspecifiedNode('M54.50'), { node: 'M54.5', extension: '' });
  assert.deepEqual(unspecifiedNode('M25.569'), { node: 'M25.56', extension: '' });
  assert.deepEqual(unspecifiedNode('J45.909'), { node: 'J45', extension: '' });
  assert.deepEqual(unspecifiedNode('F95.9'), { node: 'F95', extension: '' });
  // A fourth-character 0 is a named subcategory (K59.0 Constipation), not "unspecified".
  assert.deepEqual(unspecifiedNode('K59.00'), { node: 'K59.0', extension: '' });
  assert.deepEqual(unspecifiedNode('T78.40XA'), { node: 'T78.4', extension: 'A' });
  assert.equal(unspecifiedNode('S82.001A'), undefined);
});

test('a code refines an unspecified one only under its node or as its code by side', () => {
  assert.equal(refines('M25.561', 'M25.569'), true);
  assert.equal(refines('M25.511', 'M25.569'), false);
  assert.equal(refines('M54.2', 'M54.50'), false);
  assert.equal(refines('E11.65', 'E11.9'), true);
  assert.equal(refines('K59.1', 'K59.00'), false);
  assert.equal(refines('H93.11', 'H93.19'), true);
});

test('low back pain stays beside neck pain: two sites are two problems', () => {
  assert.deepEqual(codes('Assessment: low back pain. Neck pain.'), ['M54.2', 'M54.50']);
  assert.deepEqual(codes('Problems: stiff neck pain and low back pain.'), ['M54.2', 'M54.50']);
});

test('knee pain yields to the knee named with its side, not to a shoulder', () => {
  assert.deepEqual(codes('Assessment: knee pain. Right knee pain.'), ['M25.561']);
  assert.deepEqual(codes('Assessment: right knee pain and left knee pain. Knee pain.'), ['M25.561', 'M25.562']);
  assert.deepEqual(codes('Assessment: knee pain. Right shoulder pain.'), ['M25.511', 'M25.569']);
});

test('a code under the node is more specific even when another axis stays unspecified', () => {
  // Dorsalgia, unspecified M54.9 → Low back pain, unspecified M54.50; Pain in unspecified joint M25.50 → knee M25.569.
  assert.deepEqual(codes('Assessment: back pain. Low back pain.'), ['M54.50']);
  assert.deepEqual(codes('Assessment: joint pain. Knee pain.'), ['M25.569']);
});

test('an unspecified type at a side yields to a type at the same side, not the other side', () => {
  // Unspecified otitis externa, right ear H60.91 → Swimmer's ear, right ear H60.331 (both otitis externa, H60).
  assert.equal(refines('H60.331', 'H60.91'), true);
  assert.equal(refines('H60.332', 'H60.91'), false);
  assert.equal(refines('H66.91', 'H60.91'), false);
});
