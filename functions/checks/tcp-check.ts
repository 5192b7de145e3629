import net from 'node:net';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { checkTargetHost, type TargetRules } from '../../shared/checks/target-address.js';
import { categorizeErrorCode, errorCodeOf } from './classify-error.js';
import { clock } from './http-hop.js';
import { probeResult, type ProbeAttempt } from './probe-result.js';
import { createGuardedLookup, isBlockedTargetError, literalAddressProblem, type ResolveHost } from './ssrf-guard.js';

/**
 * The TCP port check of one monitor from one region (docs/checks.md "TCP port monitors"): up when
 * a TCP connection to host:port completes within the timeout, then closed at once (nothing is
 * sent). The SSRF guard is the HTTP check's: the name is resolved once by the guarded lookup, and
 * the socket dials only addresses it validated (an IP literal is judged before dialing). A failure
 * is tried once more before it is reported, as HTTP checks are; a refused target never is.
 */
export interface TcpCheckJob {
  monitorId: string;
  region: string;
  round: string;
  host: string;
  port: number;
  timeoutSeconds: number;
  slowThresholdMs: number;
}

export interface TcpCheckDeps {
  allowLoopback: boolean;
  resolve?: ResolveHost;
  now?: () => Date;
}

interface Attempt extends ProbeAttempt {
  dnsMs: number | null;
  connectMs: number | null;
}

const ms = (from: bigint, to: bigint): number => Number(to - from) / 1e6;

const attemptConnect = (job: TcpCheckJob, rules: TargetRules, resolve: ResolveHost | undefined): Promise<Attempt> =>
  new Promise((settle) => {
    const start = clock();
    let lookedUpAt: bigint | null = null;
    const target = `${job.host}:${job.port}`;
    const finish = (attempt: Omit<Attempt, 'totalMs' | 'dnsMs'>) => {
      clearTimeout(timer);
      socket.destroy();
      settle({ ...attempt, dnsMs: lookedUpAt === null ? null : ms(start, lookedUpAt), totalMs: ms(start, clock()) });
    };
    const socket = net.connect({ host: job.host, port: job.port, lookup: createGuardedLookup(rules, resolve) });
    const timer = setTimeout(
      () => finish({ outcome: 'down', errorCategory: 'connection_timeout', connectMs: null, message: `could not connect to ${target} within ${job.timeoutSeconds} s` }),
      job.timeoutSeconds * 1000,
    );
    socket.once('lookup', () => (lookedUpAt = clock()));
    socket.once('connect', () => {
      const connectedAt = clock();
      finish({ outcome: 'up', errorCategory: null, connectMs: ms(lookedUpAt ?? start, connectedAt), message: null });
    });
    socket.once('error', (error) => {
      if (isBlockedTargetError(error)) return finish({ outcome: 'down', errorCategory: 'blocked_target', connectMs: null, message: error.message });
      const code = errorCodeOf(error);
      finish({ outcome: 'down', errorCategory: categorizeErrorCode(code), connectMs: null, message: `${code ?? error.message} ${target}` });
    });
  });

export const runTcpCheck = async (job: TcpCheckJob, deps: TcpCheckDeps): Promise<CheckResult> => {
  const checkedAt = (deps.now ?? (() => new Date()))().toISOString();
  const rules: TargetRules = { allowLoopback: deps.allowLoopback };
  const result = (attempt: Attempt, attempts: number): CheckResult =>
    probeResult(job, checkedAt, attempt, attempts, { dns: attempt.dnsMs, connect: attempt.connectMs });
  const refused = checkTargetHost(job.host, rules);
  const problem = refused.ok ? literalAddressProblem(job.host, rules) : refused.reason;
  if (problem !== null) {
    return result({ outcome: 'down', errorCategory: 'blocked_target', dnsMs: null, connectMs: null, totalMs: 0, message: problem }, 1);
  }
  let attempt = await attemptConnect(job, rules, deps.resolve);
  if (attempt.outcome === 'down' && attempt.errorCategory !== 'blocked_target') {
    attempt = await attemptConnect(job, rules, deps.resolve);
    return result(attempt, 2);
  }
  return result(attempt, 1);
};
