// A bounded fuzz run over the real service (CLINSCRIBE_FUZZ_RUNS per property, default 8):
// never a 5xx, never a crash, always an answer within CLINSCRIBE_FUZZ_HANG_MS. The long run
// is `npm run bench -- fuzz`.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Operation, type Target, call, check, fuzzOptions, headers, jsonBodies, operations, socketFrames, startTarget, uploads } from './properties.ts';

const options = fuzzOptions();

describe('fuzz: the API answers everything', () => {
  let target: Target;
  let ops: Operation[];
  before(async () => {
    target = await startTarget();
    ops = await operations(target);
  });
  after(async () => {
    await target.close();
  });

  test('the API description lists the operations to fuzz', () => {
    assert.ok(ops.length >= 20, `${ops.length} operations`);
  });
  test('JSON bodies and path parameters', () => check(jsonBodies(target, ops, options.hangMs), options));
  test('headers', () => check(headers(target, ops, options.hangMs), options));
  test('multipart uploads and audio bytes', () => check(uploads(target, options.hangMs), options));
  test('WebSocket frames', () => check(socketFrames(target, options.hangMs), options));
  test('the process is alive and answers its probe at once', async () => {
    const probe = await call(target, { method: 'GET', path: '/healthz' }, 1000);
    assert.equal(probe.status, 200);
    assert.equal(target.child.exitCode, null);
    assert.doesNotMatch(target.stderr(), /FATAL|heap out of memory|Uncaught/);
  });
});
