import { failedAssertions } from '../../shared/checks/assertions.js';
import type { CertificateInfo } from '../../shared/checks/certificate.js';
import type { AssertionKind, CheckOutcome, CheckTimings, ErrorCategory } from '../../shared/checks/check-result.js';
import { readsBody, type CheckOptions } from '../../shared/monitors/check-options.js';
import { checkTargetUrl, type TargetRules } from '../../shared/checks/target-address.js';
import { certificateInfo } from './certificate-info.js';
import { certificateErrorOf } from './certificate-strength.js';
import { categorizeErrorCode, errorCodeOf } from './classify-error.js';
import { clock, hopTimings, PLAIN_GET, sendRequest, type Hop, type HopPhases, type HopRequest } from './http-hop.js';
import { nextIoTurn } from './io-turns.js';
import { readCapped } from './read-capped.js';
import { createGuardedLookup, isBlockedTargetError, literalAddressProblem, type ResolveHost } from './ssrf-guard.js';
import { decodeBody } from './body-charset.js';

/**
 * One attempt of a check: the request, the redirects it leads to (each hop guarded again), and the
 * capped body of the final answer, all under ONE timer for the monitor's timeout. Timings are the
 * phases of the last hop; `total` spans the whole attempt, redirects included, because that is what
 * a visitor waits.
 */

export const CHECK_LIMITS = {
  maxRedirects: 5,
  bodyCapBytes: 1024 * 1024,
  maxHeaderBytes: 16 * 1024,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface AttemptInput {
  url: string;
  timeoutSeconds: number;
  slowThresholdMs: number;
  /** What to send (secrets opened); a plain GET when absent. */
  request?: HopRequest;
  /** Headers (lower-case names) not sent on to another origin when redirected: credentials. */
  credentialHeaders?: readonly string[];
  /** The monitor's redirect switch and assertions. */
  options?: CheckOptions;
}

export interface AttemptDeps extends TargetRules {
  resolve?: ResolveHost;
  /** Trusted roots instead of Node's, for tests that make their own certificate authority. */
  ca?: string;
}

export interface AttemptOutcome {
  outcome: CheckOutcome;
  errorCategory: ErrorCategory | null;
  statusCode: number | null;
  timings: CheckTimings;
  message: string | null;
  failedAssertions?: AssertionKind[];
  /** The certificate of the first hop, when the monitor's URL is https. */
  certificate?: CertificateInfo;
}

const NO_PHASES = (start: bigint): HopPhases => ({
  start,
  lookupAt: null,
  connectAt: null,
  secureAt: null,
  firstByteAt: null,
});

interface FinalAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
  bodyCapped: boolean;
}

const contentTypeOf = (headers: FinalAnswer['headers']): string | undefined => {
  const value = headers['content-type'];
  return Array.isArray(value) ? value[0] : value;
};

/** The outcome of a complete answer: down when an assertion fails (assertions.ts), else up, or degraded when slow. */
const answerOutcome = (answer: FinalAnswer, timings: CheckTimings, input: AttemptInput): AttemptOutcome => {
  const failures = failedAssertions(input.options, {
    statusCode: answer.statusCode,
    headers: answer.headers,
    // Decoded in the charset the page declares, as a browser reads it (docs/checks.md "Character sets").
    body: answer.body === undefined ? null : decodeBody(answer.body, contentTypeOf(answer.headers)).text,
    bodyCapped: answer.bodyCapped,
    bodyCapBytes: CHECK_LIMITS.bodyCapBytes,
  });
  const { statusCode } = answer;
  if (failures.length) {
    return {
      outcome: 'down',
      errorCategory: failures[0]!.category,
      statusCode,
      timings,
      message: failures.map((failure) => failure.message).join('; '),
      failedAssertions: failures.map((failure) => failure.kind),
    };
  }
  const slow = timings.total > input.slowThresholdMs;
  return {
    outcome: slow ? 'degraded' : 'up',
    errorCategory: null,
    statusCode,
    timings,
    message: slow ? `took ${Math.round(timings.total)} ms (slow threshold ${input.slowThresholdMs} ms)` : null,
  };
};

/**
 * The request of the next hop, as browsers do it: 303, and 301/302 after anything but GET/HEAD,
 * continue as a GET without body; 307/308 repeat the request. Credentials (basic auth, headers
 * marked secret) are not sent on to another origin.
 */
const requestAfterRedirect = (request: HopRequest, statusCode: number, from: URL, to: URL, credentialHeaders: readonly string[]): HopRequest => {
  const toGet = statusCode === 303 || ((statusCode === 301 || statusCode === 302) && request.method !== 'GET' && request.method !== 'HEAD');
  const sameOrigin = from.origin === to.origin;
  const headers = sameOrigin
    ? request.headers
    : Object.fromEntries(Object.entries(request.headers).filter(([name]) => !credentialHeaders.includes(name.toLowerCase())));
  if (!toGet) return { ...request, headers };
  return { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers };
};

export const attemptCheck = async (input: AttemptInput, deps: AttemptDeps): Promise<AttemptOutcome> => {
  // Opening the connection gets a loop turn of its own (io-turns.ts), before the clock starts: a
  // pack of checks started together is spread out by the loop instead of answering as one wave.
  await nextIoTurn();
  const checkStart = clock();
  const rules: TargetRules = { allowLoopback: deps.allowLoopback };
  const lookup = createGuardedLookup(rules, deps.resolve);
  let timedOut = false;
  let hop: Hop | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    hop?.cancel();
  }, input.timeoutSeconds * 1000);

  let phases = NO_PHASES(checkStart);
  let statusCode: number | null = null;
  let certificate: CertificateInfo | undefined;
  const fail = (errorCategory: ErrorCategory, message: string): AttemptOutcome => ({
    outcome: 'down',
    errorCategory,
    statusCode,
    timings: hopTimings(phases, checkStart, clock()),
    message,
    ...(certificate ? { certificate } : {}),
  });
  const failFrom = (error: unknown, host: string): AttemptOutcome => {
    if (timedOut) {
      return phases.connectAt === null
        ? fail('connection_timeout', `could not connect to ${host} within ${input.timeoutSeconds} s`)
        : fail('timeout', `no complete response from ${host} within ${input.timeoutSeconds} s`);
    }
    if (isBlockedTargetError(error)) return fail('blocked_target', error.message);
    const code = errorCodeOf(error);
    const note = code ?? (error instanceof Error ? error.message : String(error));
    return fail(categorizeErrorCode(code), `${note} ${host}`);
  };

  try {
    let url = input.url;
    let request = input.request ?? PLAIN_GET;
    const followRedirects = input.options?.follow_redirects ?? true;
    for (let redirects = 0; ; redirects += 1) {
      const target = checkTargetUrl(url, rules);
      if (!target.ok) return fail('blocked_target', target.reason);
      const current = new URL(url);
      const host = current.host;
      const literalProblem = literalAddressProblem(current.hostname, rules);
      if (literalProblem !== null) return fail('blocked_target', literalProblem);

      hop = sendRequest(current, { lookup, maxHeaderSize: CHECK_LIMITS.maxHeaderBytes, request, ca: deps.ca });
      const answer = await hop.result;
      phases = answer.phases;
      if (redirects === 0 && current.protocol === 'https:') {
        // The monitored host's own certificate (docs/checks.md "SSL certificates"); a TLS failure says why it is not valid.
        const code = answer.ok ? null : errorCodeOf(answer.error);
        const tlsFailure = code !== null && categorizeErrorCode(code) === 'tls_error' ? certificateErrorOf(code, phases.certificate) : null;
        if (answer.ok || tlsFailure || phases.certificate) certificate = certificateInfo(phases.certificate, tlsFailure);
        // A certificate refused for its strength is named by what browsers refuse in it, not by OpenSSL's generic code.
        if (tlsFailure !== null && tlsFailure !== code && !timedOut) return fail('tls_error', `${tlsFailure} ${host}`);
      }
      if (!answer.ok) return failFrom(answer.error, host);
      const { response } = answer;
      statusCode = response.statusCode ?? null;

      const location = response.headers.location;
      if (followRedirects && statusCode !== null && REDIRECT_STATUSES.has(statusCode) && location) {
        response.destroy();
        if (redirects === CHECK_LIMITS.maxRedirects) {
          return fail('too_many_redirects', `more than ${CHECK_LIMITS.maxRedirects} redirects (last from ${host})`);
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return fail('invalid_response', `invalid redirect location from ${host}`);
        }
        request = requestAfterRedirect(request, statusCode, current, next, input.credentialHeaders ?? []);
        url = next.href;
        // The next hop starts at once, not in a later loop turn: `total` must not hold our queueing.
        continue;
      }

      const keep = readsBody(input.options) && request.method !== 'HEAD';
      const body = await readCapped(response, CHECK_LIMITS.bodyCapBytes, keep);
      if (body.error !== null) return failFrom(body.error, host);
      if (statusCode === null) return fail('invalid_response', `no status code from ${host}`);
      const timings = hopTimings(phases, checkStart, clock());
      const outcome = answerOutcome({ statusCode, headers: response.headers, body: body.kept, bodyCapped: body.capped }, timings, input);
      return certificate ? { ...outcome, certificate } : outcome;
    }
  } catch (error) {
    // Nothing above should throw; if it does, the check still ends in a result.
    return fail('unknown', error instanceof Error ? error.message : String(error));
  } finally {
    // The outcome and its stamps are taken; closing and what the caller does next (a retry, the
    // next check) wait for a later loop turn, so answers that are ready meanwhile are stamped first.
    await nextIoTurn();
    clearTimeout(timer);
    // Releases anything still open (the request of a hop that failed mid-way).
    hop?.cancel();
  }
};
