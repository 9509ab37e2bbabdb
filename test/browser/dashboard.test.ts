// The dashboard as a person uses it, in Chromium against a real server process: sign in,
// create an account and a key, run the playground and hover a fact, register a webhook.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { SAMPLE_VISIT, speakDialogue } from '../helpers/audio.ts';
import { testEnv } from '../helpers/harness.ts';
import { startProcess, stopGracefully } from '../helpers/processes.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { chromiumMissing, launch, screenshotPath } from './chromium.ts';

const PASSWORD = 'browser test password';
const TRANSCRIPT = `[doctor] Hi, what brings you in today?
[patient] I've had a sore throat and a fever for three days, and my ears hurt.
[doctor] Any allergies to medications?
[patient] Penicillin gives me hives.
[doctor] Your temperature is 101.2 and your heart rate is 96.
[doctor] This looks like strep throat. We'll start azithromycin 500 mg once daily for five days and see you back in one week.`;

const missing = chromiumMissing();

describe('dashboard in Chromium', { skip: missing }, () => {
  let server: { child: ChildProcess; url: string };
  let cleanup: () => Promise<void>;
  let browser: Awaited<ReturnType<typeof launch>>;
  let receiver: Receiver;
  let page: Page;
  let accountId = '';
  let apiKey = '';

  before(async () => {
    // Engines share the server's event loop; a busy CI machine must not answer pages with 503.
    const env = testEnv('sqlite', { CLINSCRIBE_ADMIN_PASSWORD: PASSWORD });
    cleanup = env.cleanup;
    server = await startProcess(['bin/clinscribe.js', 'serve', '--port', '0', '--host', '127.0.0.1'], env.env);
    receiver = await startReceiver();
    browser = await launch();
    page = await browser.context.newPage();
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
    if (server) await stopGracefully(server.child);
    await cleanup?.();
  });

  test('sign in', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button:has-text("Sign in")');
    await page.waitForSelector('h1:has-text("Accounts")');
    assert.doesNotMatch(await page.content(), /wrong origin/i);
  });

  test('create an account with alpha access; its key is shown once, then another key', async () => {
    await page.fill('input[name=name]', 'Browser Clinic');
    await page.check('input[name=alpha]');
    await page.click('button:has-text("Create")');
    apiKey = (await page.textContent('#new-api-key'))!.trim();
    assert.match(apiKey, /^csk_/);
    accountId = (await page.textContent('h1 + p code'))!.trim();
    assert.match(accountId, /^acct_/);
    await page.fill('input[name=label]', 'second key');
    await page.click('button:has-text("Create key")');
    const second = (await page.textContent('#new-api-key'))!.trim();
    assert.notEqual(second, apiKey);
    assert.equal(await page.locator('#keys tr').count(), 3);
    await page.screenshot({ path: screenshotPath('account'), fullPage: true });
    // The key works against the API.
    const res = await fetch(`${server.url}/v1/webhooks`, { headers: { 'x-api-key': second, 'x-account-id': accountId } });
    assert.equal(res.status, 200);
  });

  test('the playground writes a note; hovering a fact highlights its evidence in the transcript', async () => {
    await page.click('nav a:has-text("Playground")');
    await page.selectOption('form[action="/dashboard/playground"] select[name=account]', accountId);
    await page.fill('textarea[name=transcript]', TRANSCRIPT);
    await page.click('button:has-text("Write the note")');
    await page.waitForSelector('#codes', { timeout: 60_000 });
    const marks = page.locator('#note mark[data-evidence]');
    assert.ok((await marks.count()) >= 3, 'facts in the note are marked');
    assert.equal(await page.locator('.seg.hl').count(), 0);

    const allergy = marks.filter({ hasText: /penicillin/i }).first();
    await allergy.hover();
    const highlighted = (await page.locator('#transcript .seg.hl').allTextContents()).join('');
    assert.match(highlighted, /penicillin/i, 'the allergy is traced to the words said');
    assert.equal(await allergy.getAttribute('class'), 'active');
    await page.screenshot({ path: screenshotPath('playground'), fullPage: true });

    // Another fact moves the highlight.
    const plan = marks.filter({ hasText: /azithromycin/i }).first();
    await plan.hover();
    const now = (await page.locator('#transcript .seg.hl').allTextContents()).join('');
    assert.match(now, /azithromycin/i);
    assert.doesNotMatch(now, /penicillin/i);
    assert.ok((await page.locator('#codes mark').count()) >= 1, 'codes are marked with the words they came from');
  });

  test('audio uploaded in the playground is transcribed into the transcript box', async () => {
    const speech = await speakDialogue(SAMPLE_VISIT);
    try {
      await page.goto(`${server.url}/dashboard/playground?account=${accountId}`);
      await page.setInputFiles('input[type=file][name=audio]', speech.path);
      await page.click('button:has-text("Transcribe")');
      await page.waitForFunction(() => (document.querySelector('textarea[name=transcript]') as HTMLTextAreaElement | null)?.value.trim(), undefined, { timeout: 120_000 });
      assert.equal(await page.inputValue('form[action="/dashboard/playground"] select[name=account]'), accountId);
      await page.click('button:has-text("Write the note")');
      await page.waitForSelector('#codes', { timeout: 60_000 });
    } finally {
      speech.cleanup();
    }
  });

  test('register a webhook endpoint; its secret is shown once', async () => {
    await page.goto(`${server.url}/dashboard/accounts/${accountId}/webhooks`);
    await page.fill('input[name=url]', receiver.url);
    await page.check('input[value="note_generation.succeeded"]');
    await page.click('button:has-text("Register")');
    const secret = (await page.textContent('#new-webhook-secret'))!.trim();
    assert.match(secret, /^whsec_/);
    assert.equal(await page.locator('section.endpoint').count(), 1);
    await page.screenshot({ path: screenshotPath('webhooks'), fullPage: true });
    // The secret came through a redirect: reloading shows it no more and registers nothing twice.
    await page.reload();
    assert.equal(await page.locator('section.endpoint').count(), 1);
    assert.doesNotMatch(await page.content(), /whsec_/);
  });

  test('sign out ends the session', async () => {
    await page.click('button:has-text("Sign out")');
    await page.goto(`${server.url}/dashboard/accounts/${accountId}`);
    await page.waitForSelector('input[name=password]');
  });
});
