import { TEXT } from '../texts.js';
import { isLoopbackName, nonPublicNameReason } from './internal-names.js';

/**
 * The SSRF guard's rules: which URLs and which IP addresses a check may reach. Pure, because the
 * API applies them when a monitor is saved (and the form may too) while the checker applies them
 * again to every address it dials (functions/checks/ssrf-guard.ts), so DNS rebinding and redirects
 * into private networks fail there. Only public addresses are monitored; a local-only switch may
 * allow loopback targets (`allowLoopback`) and nothing else.
 *
 * Hosts reach this module after WHATWG URL parsing, which already rewrites odd IPv4 spellings
 * (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) to dotted decimal; the parsers here accept only
 * canonical forms and treat anything else as invalid, hence forbidden.
 */

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'unique_local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'invalid';

export interface TargetRules {
  /** Local demos and tests only (UPWATCH_ALLOW_PRIVATE_TARGETS=1): 127/8 and ::1 become allowed. */
  allowLoopback: boolean;
}

export type TargetCheck = { ok: true } | { ok: false; reason: string };

const CLASS_LABELS: Record<AddressClass, string> = {
  public: 'a public address',
  loopback: 'a loopback address (the checking machine itself)',
  private: 'a private network address',
  link_local: 'a link-local address',
  cgnat: 'a carrier-grade NAT address (shared, not public)',
  unique_local: 'a unique-local IPv6 address (private network)',
  metadata: 'a cloud metadata service address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  documentation: 'an address reserved for documentation',
  benchmarking: 'an address reserved for benchmarking',
  invalid: 'not a valid IP address',
};

export const describeAddressClass = (addressClass: AddressClass): string => CLASS_LABELS[addressClass];

/** Dotted-decimal IPv4 (no leading zeros) as an unsigned 32-bit number, or null. */
const parseIpv4 = (text: string): number | null => {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  let value = 0;
  for (const part of match.slice(1)) {
    if (part.length > 1 && part.startsWith('0')) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
};

/** IPv6 (optionally bracketed, with a zone id or an IPv4 tail) as eight 16-bit groups, or null. */
export const parseIpv6 = (text: string): number[] | null => {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(':');
  if (lastColon < 0) return null;
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + rest.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest];
};

const ipv4 = (a: number, b: number, c: number, d: number): number => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

// First match wins, so the metadata address comes before the link-local block that contains it.
const IPV4_BLOCKS: ReadonlyArray<readonly [base: number, prefix: number, addressClass: AddressClass]> = [
  [ipv4(169, 254, 169, 254), 32, 'metadata'],
  [ipv4(0, 0, 0, 0), 8, 'unspecified'],
  [ipv4(10, 0, 0, 0), 8, 'private'],
  [ipv4(100, 64, 0, 0), 10, 'cgnat'],
  [ipv4(127, 0, 0, 0), 8, 'loopback'],
  [ipv4(169, 254, 0, 0), 16, 'link_local'],
  [ipv4(172, 16, 0, 0), 12, 'private'],
  // 192.0.0.0/24 holds protocol assignments, among them Oracle Cloud's metadata at 192.0.0.192.
  [ipv4(192, 0, 0, 0), 24, 'reserved'],
  [ipv4(192, 0, 2, 0), 24, 'documentation'],
  [ipv4(192, 88, 99, 0), 24, 'reserved'],
  [ipv4(192, 168, 0, 0), 16, 'private'],
  [ipv4(198, 18, 0, 0), 15, 'benchmarking'],
  [ipv4(198, 51, 100, 0), 24, 'documentation'],
  [ipv4(203, 0, 113, 0), 24, 'documentation'],
  [ipv4(224, 0, 0, 0), 4, 'multicast'],
  [ipv4(255, 255, 255, 255), 32, 'broadcast'],
  [ipv4(240, 0, 0, 0), 4, 'reserved'],
];

const classifyIpv4 = (value: number): AddressClass => {
  for (const [base, prefix, addressClass] of IPV4_BLOCKS) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === base) return addressClass;
  }
  return 'public';
};

const embeddedIpv4 = (high: number, low: number): number => high * 0x10000 + low;

const classifyIpv6 = (g: number[]): AddressClass => {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // An IPv6 wrapper around an IPv4 address reaches that IPv4 address, so it is judged by it:
  // IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and 6to4 2002::/16.
  if (upperZero && g5 === 0xffff) return classifyIpv4(embeddedIpv4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyIpv4(embeddedIpv4(g6, g7));
  }
  if (g0 === 0x2002) return classifyIpv4(embeddedIpv4(g1, g2));
  if (g0 === 0xfd00 && g1 === 0xec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) {
    return 'metadata';
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // local-use NAT64 (RFC 8215)
  if (g0 === 0x2001 && g1 === 0xdb8) return 'documentation';
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return 'documentation'; // 3fff::/20 (RFC 9637)
  if (g0 === 0x2001 && g1 === 0x2 && g2 === 0) return 'benchmarking';
  if (g0 === 0x2001 && g1 < 0x200) return 'reserved'; // protocol assignments (Teredo, ORCHID, ...)
  if ((g0 & 0xfe00) === 0xfc00) return 'unique_local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is global unicast; everything else (IPv4-compatible ::/96, 100::/64, ...) is not.
  return (g0 & 0xe000) === 0x2000 ? 'public' : 'reserved';
};

/** What kind of address `ip` is: IPv4 dotted decimal, or IPv6 (brackets and zone id allowed). */
export const classifyAddress = (ip: string): AddressClass => {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = parseIpv6(ip);
  return v6 === null ? 'invalid' : classifyIpv6(v6);
};

export const isIpLiteral = (host: string): boolean => parseIpv4(host) !== null || parseIpv6(host) !== null;

export const isForbiddenAddress = (ip: string, rules: TargetRules): boolean => {
  const addressClass = classifyAddress(ip);
  return addressClass !== 'public' && !(rules.allowLoopback && addressClass === 'loopback');
};

/** Why an address may not be checked, or null when it may. */
export const addressProblem = (ip: string, rules: TargetRules): string | null =>
  isForbiddenAddress(ip, rules)
    ? `${ip} is ${describeAddressClass(classifyAddress(ip))}; only public addresses can be monitored.`
    : null;

const nameProblem = (host: string, rules: TargetRules): string | null => {
  if (isLoopbackName(host)) {
    return rules.allowLoopback ? null : `${host} names the checking machine itself; only public sites can be monitored.`;
  }
  // A name without a dot is completed by the resolver's search domains into an internal host.
  if (!host.includes('.')) {
    return `${host} is not a public domain name; use the site's full address (for example www.example.com).`;
  }
  return nonPublicNameReason(host, { allowTestNames: rules.allowLoopback });
};

/**
 * The authority as typed (between `//` and the path), because WHATWG parsing silently drops an
 * empty userinfo (`http://@host/`) and we refuse every form of it.
 */
const rawAuthority = (url: string): string => {
  const afterScheme = url.trim().replace(/^[a-z][a-z0-9+.-]*:[/\\]*/i, '');
  return afterScheme.split(/[/\\?#]/, 1)[0] ?? '';
};

/**
 * Save-time check of a monitor URL (and of every redirect hop in the checker). IP literals and
 * internal names are judged here; other names can only be judged when they are resolved, at dial
 * time. The reason is a sentence for the user.
 */
export const checkTargetUrl = (url: string, rules: TargetRules): TargetCheck => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: TEXT.invalidUrl };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: 'Only http:// and https:// addresses can be monitored.' };
  }
  if (parsed.username !== '' || parsed.password !== '' || rawAuthority(url).includes('@')) {
    return {
      ok: false,
      reason: 'Credentials in monitor URLs are not supported: remove the user name and password (the part before @).',
    };
  }
  // `localhost.` and `localhost..` are `localhost`: a name is judged without its trailing dots.
  const host = parsed.hostname.replace(/\.+$/, '');
  if (host === '') return { ok: false, reason: TEXT.invalidUrl };
  const problem = isIpLiteral(host) ? addressProblem(host, rules) : nameProblem(host, rules);
  return problem === null ? { ok: true } : { ok: false, reason: problem };
};

/**
 * Save-time and dial-time check of a bare host (TCP monitors) or a name to look up (DNS monitors):
 * the rules of `checkTargetUrl` without the URL around it. An IP literal is judged as an address,
 * a name by the internal-name rules; names that only resolve to a private address are caught when
 * they are resolved (the checker's guarded lookup, or the DNS check's answers).
 */
export const checkTargetHost = (host: string, rules: TargetRules): TargetCheck => {
  const bare = host.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '').toLowerCase();
  if (bare === '') return { ok: false, reason: 'A host name is required.' };
  const problem = isIpLiteral(bare) ? addressProblem(bare, rules) : nameProblem(bare, rules);
  return problem === null ? { ok: true } : { ok: false, reason: problem };
};
