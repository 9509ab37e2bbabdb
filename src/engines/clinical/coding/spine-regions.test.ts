// Spine conditions said with a region (cervical, lumbar, thoracic) or its lay word (neck, lower back)
// reach the index's region-specific codes (scripts/build-coding-index.ts spineRegionPhrases).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeText } from './index.ts';

const codes = (text: string): string[] => codeText(text).diagnoses.map((d) => d.code.coding[0]!.code).sort();

test('a region said before the condition picks its region code', () => {
  // Spondylosis, without myelopathy or radiculopathy, cervical region M47.812 (the "without" left unsaid).
  assert.deepEqual(codes('Doctor: The films confirm cervical spondylosis.'), ['M47.812']);
  assert.deepEqual(codes('Doctor: We talked about her thoracic spondylosis today.'), ['M47.814']);
  // Stenosis, spinal, lumbar region M48.061; "spinal" left out once the region says the spine.
  assert.deepEqual(codes('Doctor: Your scan shows lumbar stenosis.'), ['M48.061']);
  // Disease, disc, degenerative → Degeneration, intervertebral disc, lumbar region M51.36-.
  assert.deepEqual(codes('Doctor: He has lumbar degenerative disc disease.'), ['M51.369']);
  assert.deepEqual(codes('Doctor: That fits with cervical disc degeneration.'), ['M50.30']);
});

test('a lay region word names the same region', () => {
  // Arthritis, spine — see also Spondylosis: arthritis of the neck is cervical spondylosis.
  assert.deepEqual(codes('Doctor: This looks like neck arthritis to me.'), ['M47.812']);
  assert.deepEqual(codes('Doctor: You have some arthritis in your lower back.'), ['M47.816']);
  assert.deepEqual(codes('Doctor: The x-ray shows spinal stenosis in the lower back.'), ['M48.061']);
});

test('a region in the sentence of the condition is its region; a joint tied to it wins', () => {
  assert.deepEqual(codes('Doctor: On the pictures of your neck I can see a fair amount of arthritis.'), ['M47.812']);
  assert.deepEqual(codes('Doctor: She has arthritis in her knee and her neck feels fine.'), ['M17.9']);
});

test('the spine\'s facet joints said "facet" are the index\'s facet joint (Arthropathy, facet joint — see also Spondylosis)', () => {
  assert.deepEqual(codes('Doctor: The x-ray shows lumbar facet arthropathy.'), ['M47.816']);
  assert.deepEqual(codes('Doctor: There is cervical facet hypertrophy.'), ['M47.812']);
});

test('no region said: the main term keeps its own code', () => {
  assert.deepEqual(codes('Doctor: You have arthritis.'), ['M19.90']);
  assert.deepEqual(codes('Doctor: That is spondylosis.'), ['M47.9']);
});

test('a vertebra said with the condition names its region (tabular M40-M54 regions: C1-C7 cervical, T1-T12 thoracic, L1-L5 lumbar)', () => {
  assert.deepEqual(codes('Doctor: The new films show an L3 spondylolisthesis, grade one.'), ['M43.16']);
  assert.deepEqual(codes('Doctor: The report mentions a spondylolisthesis at C four.'), ['M43.12']);
  assert.deepEqual(codes('Doctor: That is spondylolisthesis.'), ['M43.10']);
});

test('a facet condition said with its level after it takes the level\'s region (Arthropathy, facet joint — see also Spondylosis, lumbar region M47.816)', () => {
  assert.deepEqual(codes('Doctor: The scan shows facet arthropathy at L5.'), ['M47.816']);
  assert.deepEqual(codes('Doctor: There is facet joint disease at C six.'), ['M47.812']);
});

test('a level pointed back to ("at this level") is the level the sentence before names; a limb there is no level', () => {
  assert.deepEqual(codes('Doctor: The pictures show an L5 spondylolisthesis. There is also facet arthropathy at this level.'), ['M43.16', 'M47.816']);
  assert.deepEqual(codes('Doctor: Your left elbow looks fine. There is facet arthropathy at this level.'), ['M47.819']);
});
