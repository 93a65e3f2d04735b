import dns from 'node:dns';
import net from 'node:net';

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

const blocked = new net.BlockList();
// IPv4: "this" network, private, carrier-grade NAT, loopback, link-local, IETF protocol
// assignments, documentation, benchmarking, multicast, reserved and broadcast.
for (const [net4, prefix] of [
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
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, discard, documentation, unique-local, link-local, site-local, multicast.
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** IPv4 embedded in IPv6 forms that reach an IPv4 host: ::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96 (NAT64). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** True for private, loopback, link-local and other non-public addresses (and for anything unparseable). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true;
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
