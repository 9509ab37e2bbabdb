import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateTemplate } from './validate.ts';

const good = {
  id: 'tpl',
  title: 'Visit',
  globalPrompt: 'Be concise.',
  sections: [
    { id: 'h1', type: 'heading', properties: { level: 1, text: 'Allergies', bold: true }, children: [{ id: 'a', type: 'text', prompt: 'Allergies', properties: { hideIfEmpty: true } }] },
    { id: 'plan', type: 'list', prompt: 'Plan as a numbered list', properties: { list_type: 'numeric', max_items: 5 } },
  ],
};

function message(value: unknown): string {
  const r = validateTemplate(value);
  assert.equal(r.ok, false);
  return r.ok ? '' : r.message;
}

test('accepts a well-formed template and maps globalPrompt to global_prompt', () => {
  const r = validateTemplate(good);
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal(r.template.global_prompt, 'Be concise.');
  assert.equal('globalPrompt' in r.template, false);
  assert.equal(r.template.sections.length, 2);
});

test('names the path and the rule for each structural problem', () => {
  assert.match(message(null), /^template must be an object/);
  assert.match(message({ id: 'x', title: 'x' }), /template\.sections is required/);
  assert.match(message({ sections: [] }), /at least one section/);
  assert.match(message({ sections: [{ id: 'a', type: 'table', prompt: 'x' }] }), /sections\[0\]\.type must be one of/);
  assert.match(message({ sections: [{ id: 'a', type: 'text' }] }), /sections\[0\]\.prompt is required/);
  assert.match(message({ sections: [{ id: 'a', type: 'text', prompt: 'x' }, { id: 'a', type: 'list', prompt: 'y' }] }), /sections\[1\]\.id duplicates/);
  const nested = { sections: [{ id: 'h', type: 'heading', properties: { text: 'A' }, children: [{ id: 'h2', type: 'heading', properties: { text: 'B' }, children: [] }] }] };
  assert.match(message(nested), /children\[0\] is a heading inside a heading/);
  assert.match(message({ sections: [{ id: 'h', type: 'heading', properties: {}, children: [] }] }), /properties\.text is required/);
  assert.match(message({ sections: [{ id: 'a', type: 'text', prompt: 'x', properties: { max_sentences: 'three' } }] }), /max_sentences must be an integer/);
  assert.match(message({ sections: [{ id: 'a', type: 'text', prompt: 'x', properties: { hideIfEmpty: 'yes' } }] }), /hideIfEmpty must be a boolean/);
  assert.match(message({ sections: [{ id: 'a', type: 'list', prompt: 'x', properties: { min_items: 4, max_items: 2 } }] }), /min_items must not exceed max_items/);
  assert.match(message({ sections: [{ id: 'a', type: 'text', prompt: 'x', children: [] }] }), /children is not allowed/);
  assert.match(message({ sections: [{ id: 'h', type: 'heading', properties: { text: 'A', level: 9 }, children: [] }] }), /level must be an integer from 1 to 6/);
});

test('never echoes the offending value, which may hold patient details', () => {
  const phi = 'Jane Roe, DOB 1950-01-01';
  const m = message({ sections: [{ id: 'a', type: 'list', prompt: phi, result: phi }] });
  assert.match(m, /result must be an array of strings/);
  assert.equal(m.includes('Jane'), false);
});
