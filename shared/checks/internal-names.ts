/** `internal`: a private network's zone; `reserved`: a special-use name that no DNS answers publicly. */
export type NameKind = 'internal' | 'reserved';

/**
 * Host names that never mean a public site, in one list for every save-time guard (monitors and
 * alert channels, on the server and in the forms) and for the checker's every redirect hop
 * (docs/security.md "SSRF"). A name is judged without its trailing dots and in lower case.
 *
 * Why each suffix is here:
 * - special-use names of RFC 6761, never delegated: `invalid`; and `test` and `example`
 *   (`TEST_NAME_SUFFIXES`), refused unless the local-only loopback switch is on (the test suites
 *   point such names at their own local servers); `localhost` is judged as loopback elsewhere;
 * - RFC 6762 `local` (mDNS on the local link, also Kubernetes' `cluster.local`), RFC 8375
 *   `home.arpa` (home networks), RFC 7686 `onion` and RFC 9476 `alt` (not DNS at all);
 * - `internal`, which ICANN reserved for private use in 2024 (`metadata.google.internal`, EC2's
 *   `compute.internal`);
 * - `corp`, `home` and `mail`, which ICANN's name-collision work found in heavy private use and
 *   will never delegate;
 * - the zones routers and operating systems hand out on their own: `lan`, `intranet`, `private`,
 *   `localdomain`, `localdomain6` (`localhost6.localdomain6`), Kubernetes' `svc`.
 */
export const INTERNAL_NAME_SUFFIXES = {
  alt: 'reserved',
  corp: 'internal',
  home: 'internal',
  'home.arpa': 'internal',
  internal: 'internal',
  intranet: 'internal',
  invalid: 'reserved',
  lan: 'internal',
  local: 'internal',
  localdomain: 'internal',
  localdomain6: 'internal',
  mail: 'internal',
  onion: 'reserved',
  private: 'internal',
  svc: 'internal',
} as const satisfies Record<string, NameKind>;

/**
 * RFC 6761's suffixes for testing and for examples: refused like the others unless loopback targets
 * are allowed (the local-only switch), since the test suites point such names at their own servers.
 */
export const TEST_NAME_SUFFIXES = ['test', 'example'] as const;

/** Names the checking machine itself answers to (RFC 6761 `localhost`, and the IPv6 spellings of /etc/hosts). */
const LOOPBACK_NAMES = new Set(['localhost', 'localhost6', 'ip6-localhost', 'ip6-loopback']);

const isUnder = (host: string, suffix: string): boolean => host === suffix || host.endsWith(`.${suffix}`);

/** Whether `host` names the checking machine itself: `localhost`, `*.localhost` and the IPv6 spellings. */
export const isLoopbackName = (host: string): boolean => LOOPBACK_NAMES.has(host) || host.endsWith('.localhost');

/**
 * What kind of non-public name `host` is, or null for a name that may be public: under (or equal
 * to) one of the suffixes above. `allowTestNames` lets `*.test` and `*.example` through, for the local-only switch
 * that also allows loopback targets.
 */
export const nonPublicNameKind = (host: string, opts: { allowTestNames: boolean }): NameKind | null => {
  const hit = Object.entries(INTERNAL_NAME_SUFFIXES).find(([suffix]) => isUnder(host, suffix));
  if (hit) return hit[1];
  return !opts.allowTestNames && TEST_NAME_SUFFIXES.some((suffix) => isUnder(host, suffix)) ? 'reserved' : null;
};

/**
 * Why a name under one of the suffixes cannot be a monitor's or a channel's host, as a sentence for
 * the user; null for a name that may be public. The forms and the request schemas use it with
 * `allowTestNames` (the server's guard, shared/checks/target-address.ts, knows the switch).
 */
export const nonPublicNameReason = (host: string, opts: { allowTestNames: boolean }): string | null => {
  const name = host.toLowerCase().replace(/\.+$/, '');
  const kind = nonPublicNameKind(name, opts);
  if (kind === 'internal') return `${name} is an internal network name; only public sites can be monitored.`;
  if (kind === 'reserved') return `${name} is a reserved name that no public site uses; only public sites can be monitored.`;
  return null;
};
