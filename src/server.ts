// Listens and shuts down gracefully: stop taking requests, let running jobs finish, close.
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Engines } from './engines/ports.ts';
import { createRuntime } from './runtime.ts';
import { startMaintenance } from './work/maintenance.ts';

export interface ServeOptions {
  workers: boolean;
  /** Engines replacing the configured ones (tests that run the real server process). */
  engines?: Partial<Engines>;
  onListening?: (url: string) => void;
}

export async function serve(config: Config, options: ServeOptions): Promise<{ url: string; close(): Promise<void> }> {
  const runtime = await createRuntime(config, { engines: options.engines });
  const app = await buildApp(runtime);
  // Listen first: /healthz and /readyz answer while workers start and take up the backlog.
  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('[::1]', 'localhost');
  options.onListening?.(url);
  let maintenance: { stop(): void } | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      maintenance?.stop();
      await app.close();
      await runtime.close();
    })());
  try {
    if (options.workers) await runtime.startWorkers();
    maintenance = startMaintenance(runtime);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

export async function work(config: Config): Promise<{ close(): Promise<void> }> {
  const runtime = await createRuntime(config);
  await runtime.startWorkers();
  const maintenance = startMaintenance(runtime);
  return {
    close: async () => {
      maintenance.stop();
      await runtime.close();
    },
  };
}

/** Runs until SIGINT/SIGTERM, then closes (a second signal exits at once). */
export function closeOnSignals(target: { close(): Promise<void> }): void {
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    target.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
