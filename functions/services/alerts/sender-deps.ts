import http from 'node:http';
import https from 'node:https';
import { checkerConfig } from '../../checks/checker-config.js';
import { config } from '../../config.js';
import { createGuardedLookup, literalAddressProblem } from '../../checks/ssrf-guard.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import { publishSms } from '../../repositories/sms-repository.js';
import type { OutgoingRequest, ProviderAnswer, SenderDeps } from './channels/contract.js';

/**
 * The real SenderDeps (functions/services/alerts/channels/contract.ts): HTTP through the dial-time
 * SSRF guard, SNS for texts, SES for mails, and the local channel sink in place of the providers'
 * fixed endpoints when `CHANNEL_SINK_URL` is set (the local cloud only; docs/alerts.md "Offline").
 */

/** How long one try may take, connect to last byte; a slower receiver is a timeout, tried again later. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** A receiver's answer is read up to this much (for the delivery log's error and the provider's words). */
const ANSWER_MAX_BYTES = 16 * 1024;

export const postJson = (request: OutgoingRequest, opts: { timeoutMs?: number } = {}): Promise<ProviderAnswer> => {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const rules = { allowLoopback: checkerConfig().allowLoopback };
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      resolve({ status: null, body: '', headers: {}, latencyMs: 0, error: 'The destination URL is not valid' });
      return;
    }
    const literalProblem = literalAddressProblem(url.hostname, rules);
    if (literalProblem) {
      resolve({ status: null, body: '', headers: {}, latencyMs: 0, error: literalProblem.replace('can be monitored', 'can receive alerts') });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body), ...request.headers },
        lookup: createGuardedLookup(rules),
        timeout: opts.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < ANSWER_MAX_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          resolve({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_MAX_BYTES), headers, latencyMs: latency() });
        });
        res.on('error', (error) => resolve({ status: res.statusCode ?? null, body: '', headers: {}, latencyMs: latency(), error: error.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round((opts.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000)} seconds`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: null, body: '', headers: {}, latencyMs: latency(), error: error.code === 'UPWATCH_BLOCKED_TARGET' ? error.message : `${error.code ?? 'Error'}: ${error.message}` }),
    );
    req.end(request.body);
  });
};

/** Where a provider's fixed endpoint is reached: the local sink when one is configured, else the real URL. */
export const providerUrlVia = (sinkUrl: string | undefined) => (type: string, realUrl: string): string => {
  if (!sinkUrl) return realUrl;
  const real = new URL(realUrl);
  return `${sinkUrl.replace(/\/$/, '')}/${type}${real.pathname}${real.search}`;
};

export const senderDeps = (): SenderDeps => ({
  postJson,
  publishSms: async (phone, text) => {
    const started = performance.now();
    const { messageId } = await publishSms(phone, text);
    return { messageId, latencyMs: Math.round(performance.now() - started) };
  },
  sendEmail: async (mail) => {
    const started = performance.now();
    const messageId = await sendEmailWithId(mail);
    return { messageId, latencyMs: Math.round(performance.now() - started) };
  },
  providerUrl: providerUrlVia(config().channelSinkUrl),
  now: () => new Date(),
});
