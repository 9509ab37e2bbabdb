// The job's cancellation signal reaches the engine calls inside its work, and only those,
// while jobs overlap, start and finish in any order (the storage is off between jobs).
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { cancellationSignal, requestSignal, withCancellation } from './cancellation.ts';

test('work sees its own signal across awaits; nothing outside a job sees one', async () => {
  const signal = new AbortController().signal;
  const seen = await withCancellation(signal, async () => {
    await sleep(1);
    return cancellationSignal();
  });
  assert.equal(seen, signal);
  assert.equal(cancellationSignal(), undefined);
});

test('overlapping jobs keep their own signals when one finishes first', async () => {
  const first = new AbortController();
  const second = new AbortController();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const long = withCancellation(first.signal, async () => {
    await gate;
    await sleep(1);
    return cancellationSignal();
  });
  const short = await withCancellation(second.signal, async () => {
    await sleep(1);
    return cancellationSignal();
  });
  assert.equal(short, second.signal);
  release();
  assert.equal(await long, first.signal, 'the job still running kept its signal after the other finished');
  // Off between jobs, on again for the next one.
  const third = new AbortController();
  assert.equal(await withCancellation(third.signal, async () => cancellationSignal()), third.signal);
});

test('a request signal inside a job aborts with the job', async () => {
  const job = new AbortController();
  const signal = await withCancellation(job.signal, async () => requestSignal(60_000));
  assert.equal(signal.aborted, false);
  job.abort();
  assert.equal(signal.aborted, true);
});

test('work that throws before its first await still counts as finished', async () => {
  await assert.rejects(
    withCancellation(new AbortController().signal, () => {
      throw new Error('at once');
    }),
    /at once/,
  );
  const next = new AbortController();
  assert.equal(await withCancellation(next.signal, async () => cancellationSignal()), next.signal);
});
