// Debian's Chromium driven by playwright-core, for the browser tests: headless, a fresh
// profile per launch, nothing reaching out to the network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CLINSCRIBE_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../../test-output');

/** Why the browser tests cannot run here, or undefined when they can. In CI they must run. */
export function chromiumMissing(): string | undefined {
  if (fs.existsSync(CHROMIUM)) return undefined;
  const reason = `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) to run the browser tests.`;
  if (process.env.CI) throw new Error(reason);
  return reason;
}

export async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'clinscribe-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  return path.join(OUTPUT_DIR, `${name}.png`);
}
