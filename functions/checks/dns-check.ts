import { Resolver } from 'node:dns';
import type { CheckResult } from '../../shared/checks/check-result.js';
import { checkTargetHost, classifyAddress, describeAddressClass, isForbiddenAddress, type TargetRules } from '../../shared/checks/target-address.js';
import type { DnsRecordType } from '../../shared/monitors/monitor-types.js';
import { errorCodeOf } from './classify-error.js';
import { clock } from './http-hop.js';
import { probeResult, type ProbeAttempt } from './probe-result.js';

/**
 * The DNS check of one monitor from one region (docs/checks.md "DNS monitors"): a lookup of
 * `hostname`'s records of `record_type` with node:dns's Resolver (the region's resolvers, as a
 * visitor there would ask), up when there is at least one, and when `expected_value` is given, when
 * one of them is it. The SSRF guard's rules where they apply: an internal name is never asked, and
 * A/AAAA answers that are private, loopback or metadata addresses are refused (`blocked_target`)
 * rather than reported, so a DNS monitor cannot map the checker's own network. A failed lookup is
 * asked once more before it is reported.
 */
export interface DnsCheckJob {
  monitorId: string;
  region: string;
  round: string;
  hostname: string;
  recordType: DnsRecordType;
  expectedValue?: string | undefined;
  timeoutSeconds: number;
  slowThresholdMs: number;
}

export interface DnsCheckDeps {
  allowLoopback: boolean;
  /** Resolver addresses ("127.0.0.1:5353"); the system's when absent (tests use their own server). */
  servers?: string[];
  now?: () => Date;
}

/** Each answer as one line of text: addresses, names, "10 mail.example.com" for MX, joined strings for TXT. */
const lookup = async (resolver: Resolver, hostname: string, type: DnsRecordType): Promise<string[]> => {
  const p = resolver;
  switch (type) {
    case 'A':
      return new Promise((ok, fail) => p.resolve4(hostname, (error, answers) => (error ? fail(error) : ok(answers))));
    case 'AAAA':
      return new Promise((ok, fail) => p.resolve6(hostname, (error, answers) => (error ? fail(error) : ok(answers))));
    case 'CNAME':
      return new Promise((ok, fail) => p.resolveCname(hostname, (error, answers) => (error ? fail(error) : ok(answers))));
    case 'NS':
      return new Promise((ok, fail) => p.resolveNs(hostname, (error, answers) => (error ? fail(error) : ok(answers))));
    case 'MX':
      return new Promise((ok, fail) =>
        p.resolveMx(hostname, (error, answers) => (error ? fail(error) : ok(answers.map((mx) => `${mx.priority} ${mx.exchange}`)))),
      );
    case 'TXT':
      return new Promise((ok, fail) => p.resolveTxt(hostname, (error, answers) => (error ? fail(error) : ok(answers.map((chunks) => chunks.join(''))))));
  }
};

const normalize = (value: string): string => value.trim().toLowerCase().replace(/\.$/, '');

/**
 * Whether an answer is the expected value: the same text (case and a trailing dot aside); an MX
 * answer also by its host alone; a TXT answer when it contains the value (records often hold
 * several settings, like "v=spf1 include:... -all").
 */
export const answerMatches = (type: DnsRecordType, answer: string, expected: string): boolean => {
  const want = normalize(expected);
  const got = normalize(answer);
  if (type === 'TXT') return got.includes(want);
  if (type === 'MX') return got === want || got.split(' ').slice(1).join(' ') === want;
  return got === want;
};

type Attempt = ProbeAttempt;

const attemptLookup = async (job: DnsCheckJob, rules: TargetRules, servers: string[] | undefined): Promise<Attempt> => {
  const resolver = new Resolver({ timeout: job.timeoutSeconds * 1000, tries: 1 });
  if (servers?.length) resolver.setServers(servers);
  const start = clock();
  const elapsed = () => Number(clock() - start) / 1e6;
  const what = `${job.recordType} ${job.hostname}`;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      resolver.cancel();
      fail(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' }));
    }, job.timeoutSeconds * 1000);
  });
  try {
    const answers = await Promise.race([lookup(resolver, job.hostname, job.recordType), timedOut]);
    const totalMs = elapsed();
    if (job.recordType === 'A' || job.recordType === 'AAAA') {
      const forbidden = answers.find((address) => isForbiddenAddress(address, rules));
      if (forbidden !== undefined) {
        const message = `${job.hostname} resolves to ${describeAddressClass(classifyAddress(forbidden))}; only public addresses can be monitored.`;
        return { outcome: 'down', errorCategory: 'blocked_target', message, totalMs };
      }
    }
    if (!answers.length) return { outcome: 'down', errorCategory: 'dns_failure', message: `no ${what} records`, totalMs };
    const shown = `${what}: ${answers.join(', ')}`.slice(0, 500);
    if (job.expectedValue !== undefined && !answers.some((answer) => answerMatches(job.recordType, answer, job.expectedValue!))) {
      return { outcome: 'down', errorCategory: 'dns_mismatch', message: `expected ${job.expectedValue}; ${shown}`.slice(0, 500), totalMs };
    }
    // The answer is the result's message, so the detail page and the export show what was found.
    return { outcome: 'up', errorCategory: null, message: shown, totalMs };
  } catch (error) {
    const code = errorCodeOf(error);
    const message = code === 'ETIMEOUT' ? `no answer for ${what} within ${job.timeoutSeconds} s` : `${code ?? String(error)} ${what}`;
    return { outcome: 'down', errorCategory: 'dns_failure', message, totalMs: elapsed() };
  } finally {
    clearTimeout(timer);
  }
};

export const runDnsCheck = async (job: DnsCheckJob, deps: DnsCheckDeps): Promise<CheckResult> => {
  const checkedAt = (deps.now ?? (() => new Date()))().toISOString();
  const rules: TargetRules = { allowLoopback: deps.allowLoopback };
  const result = (attempt: Attempt, attempts: number): CheckResult =>
    probeResult(job, checkedAt, attempt, attempts, { dns: Math.round(attempt.totalMs), connect: null });
  const name = checkTargetHost(job.hostname, rules);
  if (!name.ok) return result({ outcome: 'down', errorCategory: 'blocked_target', message: name.reason, totalMs: 0 }, 1);
  const first = await attemptLookup(job, rules, deps.servers);
  if (first.outcome === 'up' || first.errorCategory === 'blocked_target') return result(first, 1);
  return result(await attemptLookup(job, rules, deps.servers), 2);
};
