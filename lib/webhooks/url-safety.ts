import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Webhook URLs must not reach the operator's own network (SSRF): a URL whose host resolves to a loopback,
 * private, link-local, shared (CGNAT), multicast or reserved address is refused, at create time and again at
 * every connection (DNS can change between the two: the sender resolves the name itself and connects to the
 * address it checked). WEBHOOKS_ALLOW_PRIVATE=1 lifts this (and the HTTPS rule) for local receivers.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address embeds (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedV4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address a webhook must not reach without WEBHOOKS_ALLOW_PRIVATE. */
export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(ip);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(ip, 'ipv6');
  }
  return true;
}

export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address the sender connects to. */
  address: string;
  family: 4 | 6;
}

/** Checks the URL's form: http(s), no credentials, HTTPS unless private targets are allowed. */
export function checkUrlShape(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('url is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeUrlError(
      'url must be https:// (http:// only when the operator allows private receivers)',
    );
  if (url.protocol === 'http:' && !allowPrivate)
    throw new UnsafeUrlError('url must use https:// (plain http is refused on this server)');
  if (url.username || url.password) throw new UnsafeUrlError('url must not carry credentials');
  return url;
}

/**
 * Resolves the URL's host and returns the first address the sender may connect to; refuses (UnsafeUrlError)
 * when any resolved address is private (a name that resolves to both a public and a private address is a
 * classic rebinding trick) unless allowPrivate.
 */
export async function resolveTarget(raw: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = checkUrlShape(raw, allowPrivate);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new UnsafeUrlError(`url host ${host} does not resolve (${(err as NodeJS.ErrnoException).code})`);
    }
  }
  if (addresses.length === 0) throw new UnsafeUrlError(`url host ${host} does not resolve`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad)
      throw new UnsafeUrlError(
        `url host ${host} resolves to ${bad.address}, a loopback, private or link-local address; webhooks go to public addresses only`,
      );
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
