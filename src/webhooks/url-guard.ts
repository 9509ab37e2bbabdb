// SSRF guard: webhook targets must be public HTTPS endpoints unless the operator allows
// private ones. Checked at registration and again at connect time (DNS rebinding).
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * ipaddr.js names every special-purpose block of the IANA registries (loopback, private,
 * link-local, CGNAT, NAT64 64:ff9b::/96 and /48, 6to4, Teredo, site-local, unique-local,
 * multicast, documentation, benchmarking, reserved…); only plain global unicast is public.
 */
const PUBLIC_RANGE = 'unicast';

/** ::/96 holds the deprecated IPv4-compatible addresses (::a.b.c.d); ipaddr.js calls them unicast. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

export function isPrivateAddress(raw: string): boolean {
  if (!ipaddr.isValid(raw)) return true;
  const parsed = ipaddr.parse(raw);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPrivateAddress(v6.toIPv4Address().toString());
    if (isIpv4Compatible(v6)) return true;
  }
  return parsed.range() !== PUBLIC_RANGE;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

function parseUrl(raw: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    // The WHATWG parser canonicalises numeric IPv4 forms (2130706433, 0x7f.1, 0177.0.0.1)
    // to dotted quads, so the checks below see the address a connection would reach.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'url must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: allowPrivate ? 'url must use https or http' : 'url must use https' };
  if (url.protocol === 'http:' && !allowPrivate) return { ok: false, reason: 'url must use https' };
  if (url.username || url.password) return { ok: false, reason: 'url must not contain credentials' };
  return { ok: true, url };
}

/** Checks a webhook URL; resolves its host so names that point inward are refused too. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<UrlCheck> {
  const parsed = parseUrl(raw, allowPrivate);
  if (!parsed.ok || allowPrivate) return parsed;
  const host = parsed.url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return { ok: false, reason: 'url host does not resolve' };
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    return { ok: false, reason: 'url resolves to a private, loopback, link-local or special-purpose address' };
  }
  return parsed;
}
