import type { ChannelType } from '../../../../shared/alerts/channels/index.js';
import type { OutgoingRequest, ProviderAnswer, SendOutcome, SenderDeps } from './contract.js';

/**
 * What every provider's answer means, once (docs/alerts.md "Delivery"): 2xx is delivered; no
 * answer, 408, 429 and 5xx are tried again (429 after its Retry-After); any other 4xx is final.
 * Each sender adds only its provider's quirks: a success that is not 2xx-only, an error code in
 * the body put into words, a retry delay in the body.
 */

/** The header the local channel sink reads for the provider URL a message was meant for (docs/alerts.md "Offline"). */
export const ORIGINAL_URL_HEADER = 'x-upwatch-original-url';

export const USER_AGENT = 'Upwatch-Alerts/1';

/** A header of an answer, whatever its case. */
export const headerOf = (headers: Record<string, string>, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

/** A Retry-After value in whole seconds from now: delay-seconds (fractions rounded up) or an HTTP date. */
export const retryAfterSeconds = (value: string | undefined, now: Date): number | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
};

/** The answer's body as JSON, or null when it is not JSON. */
export const jsonOf = (answer: Pick<ProviderAnswer, 'body'>): unknown => {
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    return null;
  }
};

/** A field of a JSON object, when the body is one. */
export const fieldOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

export const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** The start of a body, on one line, for a sentence in the delivery log. */
const bodySnippet = (body: string): string => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
};

const defaultSentence = (provider: string, status: number, body: string, retryAfter: number | undefined): string => {
  const said = bodySnippet(body) ? `: ${bodySnippet(body)}` : '';
  if (status === 429) return `${provider} asked us to slow down (429); we try again ${retryAfter === undefined ? 'later' : `in ${retryAfter} s`}.`;
  if (status === 408) return `${provider} timed out reading the message (408); we try again.`;
  if (status >= 500) return `${provider} had a problem on its side (${status}); we try again.`;
  if (status === 401 || status === 403) return `${provider} refused the message (${status}${said}): check this channel's credentials.`;
  if (status === 404 || status === 410) return `${provider} says this destination does not exist (${status}${said}): check this channel's settings.`;
  return `${provider} rejected the message (${status}${said}).`;
};

export interface AnswerReading {
  /** The provider's name as people say it ("Slack"). */
  provider: string;
  now: Date;
  /** Whether the answer is a success; default any 2xx. */
  succeeded?: (answer: ProviderAnswer & { status: number }) => boolean;
  /** The provider's own words for a failed answer (an error code put into a sentence); undefined: the default sentence. */
  explain?: (answer: ProviderAnswer & { status: number }, retryAfter: number | undefined) => string | undefined;
  /** A retry delay the provider put in the body (Discord's and Telegram's `retry_after`), in seconds. */
  bodyRetryAfter?: (answer: ProviderAnswer & { status: number }) => number | undefined;
  /** Whether a failure is tried again; default 408, 429 and 5xx. */
  retryable?: (answer: ProviderAnswer & { status: number }) => boolean;
  /** What the provider calls the delivered message (a PagerDuty dedup_key, a Telegram message id). */
  reference?: (answer: ProviderAnswer & { status: number }) => string | undefined;
}

export const outcomeOfAnswer = (answer: ProviderAnswer, reading: AnswerReading): SendOutcome => {
  const { latencyMs } = answer;
  if (answer.status === null) {
    return {
      ok: false,
      retryable: true,
      httpStatus: null,
      latencyMs,
      error: `${reading.provider} did not answer (${answer.error ?? 'no response'}); we try again.`,
    };
  }
  const answered = answer as ProviderAnswer & { status: number };
  const status = answered.status;
  if (reading.succeeded ? reading.succeeded(answered) : status >= 200 && status < 300) {
    const reference = reading.reference?.(answered);
    return { ok: true, httpStatus: status, latencyMs, ...(reference ? { providerReference: reference } : {}) };
  }
  const retryable = reading.retryable ? reading.retryable(answered) : isRetryableStatus(status);
  const retryAfter = retryable
    ? (reading.bodyRetryAfter?.(answered) ?? retryAfterSeconds(headerOf(answer.headers, 'retry-after'), reading.now))
    : undefined;
  return {
    ok: false,
    retryable,
    httpStatus: status,
    latencyMs,
    error: reading.explain?.(answered, retryAfter) ?? defaultSentence(reading.provider, status, answer.body, retryAfter),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
};

/**
 * The request to a provider's fixed endpoint: sent where `providerUrl` says (the local sink under
 * `npm start`), telling the sink which provider URL it stands in for.
 */
export const providerRequest = (deps: Pick<SenderDeps, 'providerUrl'>, type: ChannelType, realUrl: string, body: unknown): OutgoingRequest => {
  const url = deps.providerUrl(type, realUrl);
  return {
    url,
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...(url !== realUrl ? { [ORIGINAL_URL_HEADER]: realUrl } : {}) },
    body: JSON.stringify(body),
  };
};
