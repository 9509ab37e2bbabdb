// Periodic housekeeping: purge finished resources past the retention period, and old
// idempotency records. Idempotent, so several nodes may run it at once.
import type { Runtime } from '../runtime.ts';

const EVERY_MS = 10 * 60_000;

export async function runMaintenance(runtime: Runtime): Promise<number> {
  const now = Date.now();
  await runtime.idempotency.purgeBefore(new Date(now - 24 * 3600_000).toISOString());
  const days = runtime.config.retentionDays;
  if (!days) return 0;
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const expired = await runtime.resources.listExpired(cutoff, 100);
    if (expired.length === 0) break;
    for (const r of expired) {
      if (await runtime.resources.delete(r.kind, r.accountId, r.id)) purged++;
    }
  }
  return purged;
}

export function startMaintenance(runtime: Runtime): { stop(): void } {
  const tick = () => runMaintenance(runtime).catch(() => {});
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
