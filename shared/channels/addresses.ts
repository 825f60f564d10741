/**
 * Which IP addresses an outbound request to a user's address may reach: public unicast only. The
 * rules are plain code so the schemas (an IP-literal host) and the server's fetch (every address a
 * name resolves to, lambdas/features/channels/safeFetch.ts) apply the same list. Refused: this network,
 * private, loopback, link-local (the cloud metadata service, 169.254.169.254 and fd00:ec2::254,
 * among them), carrier-grade NAT, the IETF's and documentation ranges, benchmarking, multicast,
 * reserved, unique-local IPv6, and every IPv6 form that carries an IPv4 address (mapped,
 * compatible, NAT64, 6to4, Teredo), whose IPv4 part could be any of the above.
 */

/** IPv4 ranges refused, as [first octets, prefix length]. */
const IPV4_REFUSED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** A dotted-quad IPv4 address as a number, or undefined (only the canonical form: URL and DNS give that). */
export function ipv4Number(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

const inIpv4Range = (value: number, [base, bits]: readonly [string, number]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4Number(base)!;
  return value >= start && value < start + size;
};

/** An IPv6 address as its eight 16-bit groups, or undefined (a dotted IPv4 tail is taken). */
export function ipv6Groups(text: string): number[] | undefined {
  let address = text.toLowerCase();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  // A zone (fe80::1%eth0) only ever names a link-local address.
  if (address.includes('%') || !address.includes(':')) return undefined;
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4Number(last);
    if (v4 === undefined) return undefined;
    const hex = (n: number) => n.toString(16);
    address = `${address.slice(0, lastColon + 1)}${hex(Math.floor(v4 / 65536))}:${hex(v4 % 65536)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return undefined;
  const count = head.length + rest.length;
  if (halves.length === 1) return count === 8 ? head : undefined;
  if (count > 7) return undefined;
  return [...head, ...new Array<number>(8 - count).fill(0), ...rest];
}

/** Whether `groups` start with `prefix` (groups, then the bits of a partial last group). */
const startsWith = (groups: readonly number[], prefix: readonly number[], bits: number) => {
  for (let bit = 0; bit < bits; bit += 16) {
    const index = bit / 16;
    const take = Math.min(16, bits - bit);
    const mask = (0xffff << (16 - take)) & 0xffff;
    if ((groups[index]! & mask) !== (prefix[index]! & mask)) return false;
  }
  return true;
};

/** IPv6 ranges refused: [groups, prefix length]. */
const IPV6_REFUSED: readonly (readonly [readonly number[], number])[] = [
  // Unspecified (::), loopback (::1) and IPv4-compatible (::a.b.c.d): all of ::/96.
  [[0, 0, 0, 0, 0, 0, 0, 0], 96],
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d.
  [[0, 0, 0, 0, 0, 0xffff, 0, 0], 96],
  [[0, 0, 0, 0, 0xffff, 0, 0, 0], 96],
  // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48).
  [[0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 32],
  // Discard-only.
  [[0x100, 0, 0, 0, 0, 0, 0, 0], 64],
  // IETF protocol assignments (Teredo 2001::/32 among them) and documentation.
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 23],
  [[0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32],
  // 6to4, which carries an IPv4 address.
  [[0x2002, 0, 0, 0, 0, 0, 0, 0], 16],
  [[0x3fff, 0, 0, 0, 0, 0, 0, 0], 20],
  // Unique-local (fd00:ec2::254, the metadata service's, among them), link-local, site-local, multicast.
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7],
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10],
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10],
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8],
];

/**
 * Whether an address (IPv4 dotted quad, or IPv6 with or without brackets) may be reached: a public
 * unicast address. Anything that is not an address at all is refused too.
 */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Number(address);
  if (v4 !== undefined) return !IPV4_REFUSED.some((range) => inIpv4Range(v4, range)) && v4 !== 0xffffffff;
  const v6 = ipv6Groups(address);
  if (!v6) return false;
  return !IPV6_REFUSED.some(([prefix, bits]) => startsWith(v6, prefix, bits));
}

/** Whether a URL's hostname (as URL gives it: IPv6 in brackets, IPv4 canonical) is an IP address. */
export const isIpLiteral = (hostname: string) =>
  ipv4Number(hostname.replace(/\.$/, '')) !== undefined || hostname.startsWith('[');

/** Names that are this machine or a private network's whatever DNS says. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === '' ||
    !name.includes('.') ||
    name === 'localhost' ||
    /\.(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/.test(name)
  );
}
