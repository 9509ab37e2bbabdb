// SSRF guard: IPv6 forms that reach IPv4 space (NAT64, 6to4, IPv4-compatible) are private,
// and an IP literal in an endpoint URL is checked again at every delivery.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { postJson } from '../../src/webhooks/http-post.ts';
import { checkWebhookUrl, isPrivateAddress } from '../../src/webhooks/url-guard.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';

test('IPv6 addresses that embed or reach IPv4 space are private', () => {
  for (const address of ['64:ff9b::a9fe:a9fe', '64:ff9b::8.8.8.8', '64:ff9b:1::1', '2002:7f00:1::1', '2002:808:808::1', '::7f00:1', '::a9fe:a9fe', '::', '::1', '::ffff:10.0.0.1']) {
    assert.equal(isPrivateAddress(address), true, address);
  }
  for (const address of ['2606:4700:4700::1111', '8.8.8.8', '2001:4860:4860::8888']) {
    assert.equal(isPrivateAddress(address), false, address);
  }
});

test('registration refuses URLs with such literals', async () => {
  for (const url of ['https://[64:ff9b::a9fe:a9fe]/hook', 'https://[2002:a9fe:a9fe::1]/hook', 'https://[::7f00:1]/hook']) {
    assert.equal((await checkWebhookUrl(url, false)).ok, false, url);
  }
});

let receiver: Receiver;
before(async () => {
  receiver = await startReceiver();
});
after(() => receiver.close());

test('a delivery to an IP-literal private address is refused at send time, unless private targets are allowed', async () => {
  const url = new URL(receiver.url); // http://127.0.0.1:<port>/hook
  const refused = await postJson(url, '{}', {}, { timeoutMs: 2000, allowPrivate: false });
  assert.equal(refused.statusCode, null);
  assert.match(refused.error ?? '', /^refused/);
  assert.equal(receiver.received.length, 0);
  const allowed = await postJson(url, '{}', {}, { timeoutMs: 2000, allowPrivate: true });
  assert.equal(allowed.statusCode, 200);
  assert.equal(receiver.received.length, 1);
});

test('every special-purpose block is private; only global unicast is public', () => {
  const special = [
    '10.1.2.3', '172.20.0.1', '192.168.1.1', '127.0.0.2', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '192.0.0.8', '192.0.2.1', '198.18.0.1', '224.0.0.1', '240.0.0.1', '255.255.255.255',
    'fec0::1', // site-local (deprecated, still routed by some stacks)
    'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1', '2001::1', // Teredo
    '2001:db8::1', '100::1', '::ffff:169.254.169.254', '::ffff:127.0.0.1', '::ffff:7f00:1',
  ];
  for (const address of special) assert.equal(isPrivateAddress(address), true, address);
  assert.equal(isPrivateAddress('not an address'), true);
});

test('numeric IPv4 spellings are canonicalised before the check', async () => {
  for (const url of ['https://2130706433/hook', 'https://0x7f.1/hook', 'https://017700000001/hook', 'https://0xa9.0xfe.0xa9.0xfe/hook', 'https://[::ffff:7f00:1]/hook', 'https://[fec0::1]/hook']) {
    const check = await checkWebhookUrl(url, false);
    assert.equal(check.ok, false, url);
  }
});
