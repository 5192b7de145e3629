import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import {
  addressProblem,
  classifyAddress,
  describeAddressClass,
  isForbiddenAddress,
  type TargetRules,
} from '../../shared/checks/target-address.js';

/**
 * The dial-time half of the SSRF guard. The request's `lookup` resolves the host ONCE, refuses the
 * whole target if ANY address is forbidden (a name that mixes public and private answers would let
 * a retry or a Happy Eyeballs fallback reach the private one), and hands only those validated
 * addresses to the socket. Node never looks the name up again, so a DNS answer that changes between
 * our check and the connect (rebinding) cannot redirect the connection. IP-literal hosts skip
 * `lookup` in Node, so they are judged directly (literalAddressProblem) before each hop.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; injectable so tests need no DNS. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) => dns.lookup(hostname, { all: true });

export const BLOCKED_TARGET_CODE = 'UPWATCH_BLOCKED_TARGET';

/** Our refusal to dial an address; the check reports it as `blocked_target` and never retries it. */
export class BlockedTargetError extends Error {
  readonly code = BLOCKED_TARGET_CODE;
}

export const isBlockedTargetError = (error: unknown): error is BlockedTargetError =>
  error instanceof BlockedTargetError;

const notFound = (hostname: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`no usable address for ${hostname}`), { code: 'ENOTFOUND', hostname });

/**
 * Why a host that Node will dial without a lookup (an IP literal, by Node's own `isIP`) may not be
 * dialed, or null. Asking Node rather than our parser means no spelling can slip between the two.
 */
export const literalAddressProblem = (hostname: string, rules: TargetRules): string | null => {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) === 0 ? null : addressProblem(bare, rules);
};

export const createGuardedLookup = (rules: TargetRules, resolve: ResolveHost = resolveWithSystem): LookupFunction =>
  (hostname, options, callback) => {
    const accept = (addresses: ResolvedAddress[]): void => {
      for (const { address } of addresses) {
        if (isForbiddenAddress(address, rules)) {
          const what = describeAddressClass(classifyAddress(address));
          // The class, never the address: an internal IP is itself something an attacker maps.
          const message = `${hostname} resolves to ${what}; only public addresses can be monitored.`;
          callback(new BlockedTargetError(message), '', 0);
          return;
        }
      }
      const wanted = options.family === 4 || options.family === 6
        ? addresses.filter((candidate) => candidate.family === options.family)
        : addresses;
      const [first] = wanted;
      if (!first) callback(notFound(hostname), '', 0);
      else if (options.all) callback(null, wanted.map(({ address, family }) => ({ address, family })));
      else callback(null, first.address, first.family);
    };
    // Through a promise so that a resolver that throws synchronously still ends in the callback.
    Promise.resolve()
      .then(() => resolve(hostname))
      .then(accept, (error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
