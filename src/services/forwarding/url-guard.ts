import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF protection for destination URLs (docs/forwarding.md#url-rules). The URL rules run at create/update;
 * the address rules run again at delivery time on the address actually connected to
 * (`guardedLookup` is the HTTPS agent's DNS lookup), so a name that re-resolves to an internal
 * address after it was saved (DNS rebinding) is refused too.
 */

export interface GuardOptions {
  allowPrivate: boolean;
  allowInsecure: boolean;
}

/** A destination refused by the rules; `message` is safe to show (it names the rule, not the URL). */
export class DestinationRefusedError extends Error {
  readonly code = 'EDESTINATION_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** Deprecated site-local IPv6 (RFC 3879): routed privately where still used, and absent from ipaddr.js's table. */
const SITE_LOCAL = ipaddr.parseCIDR('fec0::/10');

/**
 * The IPv4 addresses an IPv6 address leads to: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::) and Teredo (server and obfuscated client address).
 */
function embeddedIpv4(a: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = a.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  switch (a.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return [v4(p[6], p[7])];
    case '6to4':
      return [v4(p[1], p[2])];
    case 'teredo':
      return [v4(p[2], p[3]), v4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  }
  if (p.slice(0, 6).every((x) => x === 0)) return [v4(p[6], p[7])];
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return [v4(p[6], p[7])];
  return [];
}

/**
 * True for every address that is not public unicast (private, loopback, link-local, carrier-grade
 * NAT, documentation, benchmarking, multicast, reserved, unique-local...), including IPv6 forms
 * that embed such an IPv4 address, and for anything that is not a standard address literal.
 * Ranges come from ipaddr.js; only the embedding rules above are ours.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIP(bare) === 0) return true;
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded.length > 0) return embedded.some((v4) => v4.range() !== 'unicast');
  return v6.range() !== 'unicast' || v6.match(SITE_LOCAL);
}

const PRIVATE_MESSAGE =
  'the destination address is private, loopback or link-local, which is not allowed (PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS)';

/** Names that always mean this machine or the local network. */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || !h.includes('.');
}

/**
 * Checks a destination URL's shape and, when its host is an address literal or a local name,
 * its reach. Returns the parsed URL. Throws DestinationRefusedError with a safe message.
 */
export function checkDestinationUrl(raw: string, opts: GuardOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefusedError('not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && opts.allowInsecure)) {
    throw new DestinationRefusedError(
      url.protocol === 'http:'
        ? 'must start with https:// (plain http:// needs PREFLIGHT_ALLOW_INSECURE_DESTINATIONS)'
        : 'must start with https://',
    );
  }
  if (url.username || url.password) {
    throw new DestinationRefusedError('must not carry credentials: use auth_header_name and auth_header_value');
  }
  if (url.hash) throw new DestinationRefusedError('must not carry a #fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new DestinationRefusedError('must name a host');
  if (!opts.allowPrivate) {
    if (net.isIP(host) ? isBlockedAddress(host) : isLocalName(host)) throw new DestinationRefusedError(PRIVATE_MESSAGE);
  }
  return url;
}

/**
 * Resolves a host name and refuses it when any address is non-public (unless allowed). DNS
 * failures are not refusals here: the name may be created later, and the test operation reports them.
 */
export async function checkResolvedHost(host: string, opts: GuardOptions): Promise<void> {
  if (opts.allowPrivate || net.isIP(host.replace(/^\[|\]$/g, ''))) return;
  let addresses: dns.LookupAddress[];
  try {
    // A slow resolver must not hold an API call: the delivery-time check is the one that counts.
    addresses = await Promise.race([
      dns.promises.lookup(host, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
    ]);
  } catch {
    return;
  }
  if (addresses.some((a) => isBlockedAddress(a.address))) throw new DestinationRefusedError(PRIVATE_MESSAGE);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).Agent / net.connect: resolves like dns.lookup, then refuses the
 * connection when any resolved address is non-public, so the address checked is the address used.
 */
export function guardedLookup(opts: Pick<GuardOptions, 'allowPrivate'>) {
  return (hostname: string, options: dns.LookupOptions | number | LookupCallback, callback?: LookupCallback): void => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const o: dns.LookupOptions = typeof options === 'object' && options !== null ? options : typeof options === 'number' ? { family: options } : {};
    dns.lookup(hostname, { ...o, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      if (!opts.allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) {
        return cb(new DestinationRefusedError(PRIVATE_MESSAGE), '');
      }
      if (o.all) return cb(null, addresses);
      const first = addresses[0];
      if (!first) return cb(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      cb(null, first.address, first.family);
    });
  };
}
