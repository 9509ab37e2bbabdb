import assert from 'node:assert/strict';
import { test } from 'node:test';
import { csvRecords, parseCsv } from './csv.ts';

test('quoted commas, doubled quotes, newlines inside quotes, CRLF, no final newline', () => {
  assert.deepEqual(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n1,'), [['a', 'b'], ['x, y', 'say "hi"\nthere'], ['1', '']]);
  assert.deepEqual(csvRecords('id,text\n1,"one"\n2\n3,three\n'), [{ id: '1', text: 'one' }, { id: '3', text: 'three' }]);
});
