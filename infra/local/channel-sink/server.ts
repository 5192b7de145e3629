import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type Server } from 'node:http';
import { inboxPage } from './inbox-page.js';
import { WEBHOOK_PROVIDERS, type WebhookChannelType } from './provider-answers.js';
import {
  BodyTooLarge,
  detailReply,
  flatHeaders,
  isPlainObject,
  jsonReply,
  parseBody,
  readBody,
  sendReply,
  type SinkReply,
} from './sink-http.js';
import { SINK_CHANNEL_TYPES, SinkStore, isSinkChannelType, type SinkChannelType, type SinkMessage } from './sink-store.js';
import { publishResponse, readSnsRequest, snsFailure } from './sns-query.js';

/**
 * The local channel sink (docs/alerts.md "Offline"): the one server that stands in for Slack,
 * Teams, Discord, Telegram, PagerDuty and Amazon SNS under `npm start` and in the tests. The
 * senders reach it through `providerUrl` as `<sink>/<type><the provider's path>` (SNS through
 * `SNS_ENDPOINT=<sink>/sns`); it keeps what arrived and answers as each provider does.
 *
 *   POST /slack/... /teams/... /discord/... /telegram/... /pagerduty/...   a provider's endpoint
 *   POST /sns                            SNS Publish (Query protocol) to a phone number
 *   GET  /store[?channel_type=slack]     {"messages":[...]} oldest first; DELETE /store clears
 *   POST /_local/fail {"channel_type","status","count","url"?}   the next `count` deliveries (to `url`) answer `status`
 *   GET  /[?channel_type=slack]          the inbox page
 */

export const ORIGINAL_URL_HEADER = 'x-upwatch-original-url';

export interface ChannelSink {
  url: string;
  port: number;
  store: SinkStore;
  close(): Promise<void>;
}

export interface ChannelSinkOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host?: string;
  /** Messages kept in memory, oldest dropped first. */
  cap?: number;
  /** One line per message received (the part writes it to `<data dir>/logs/channel-sink.log`). */
  log?: (line: string) => void;
}

interface Incoming {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  text: string;
  /** This request as it reached the sink, for a message with no original URL header. */
  sinkUrl: string;
}

const FAIL_STATUS_RANGE = 'a whole number from 400 to 599';

const parseFailRequest = (text: string): { channelType: SinkChannelType; status: number; count: number; url?: string } | string => {
  const body = parseBody(text);
  if (!isPlainObject(body)) return 'Send a JSON object: {"channel_type": "slack", "status": 500, "count": 1}.';
  const { channel_type: channelType, status, count = 1, url } = body;
  if (!isSinkChannelType(channelType)) return `channel_type must be one of ${SINK_CHANNEL_TYPES.join(', ')}.`;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) return `status must be ${FAIL_STATUS_RANGE}.`;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 1000) {
    return 'count must be a whole number from 0 to 1000 (0 cancels the pending failures of that type).';
  }
  if (url !== undefined && (typeof url !== 'string' || !url)) return 'url, when given, must be the provider URL the deliveries to fail are sent to.';
  return { channelType, status, count, ...(typeof url === 'string' ? { url } : {}) };
};

export const createChannelSink = (opts: Omit<ChannelSinkOptions, 'port'> = {}): { server: Server; store: SinkStore } => {
  const store = new SinkStore(opts.cap);
  const log = opts.log ?? (() => undefined);

  const keep = (message: Omit<SinkMessage, 'received_at'>): void => {
    store.record({ ...message, received_at: new Date().toISOString() });
    const failed = message.failed_with !== undefined ? ` (failed on purpose with ${message.failed_with})` : '';
    log(`${message.channel_type} ${message.status}${failed} ${message.url}`);
  };

  const deliverToProvider = (type: WebhookChannelType, request: Incoming): SinkReply => {
    if (request.method !== 'POST') return detailReply(405, `The ${type} endpoint takes POST only.`);
    const body = parseBody(request.text);
    const url = request.headers[ORIGINAL_URL_HEADER] ?? request.sinkUrl;
    const failWith = store.takeFailure(type, url);
    const provider = WEBHOOK_PROVIDERS[type];
    const reply = failWith === null ? provider.answer({ body, query: request.query }) : provider.failure(failWith);
    keep({
      channel_type: type,
      url,
      headers: request.headers,
      body,
      status: reply.status,
      ...(failWith === null ? {} : { failed_with: failWith }),
    });
    return reply;
  };

  const publishSms = (request: Incoming): SinkReply => {
    if (request.method !== 'POST') return detailReply(405, 'The SNS endpoint takes POST only (the Query protocol of @aws-sdk/client-sns).');
    const sns = readSnsRequest(request.text);
    if (sns.kind === 'refused') return sns.reply;
    const failWith = store.takeFailure('sms');
    const reply = failWith === null ? publishResponse(randomUUID()) : snsFailure(failWith);
    keep({
      channel_type: 'sms',
      url: 'sns:Publish',
      headers: request.headers,
      body: { phone: sns.phone, message: sns.message },
      status: reply.status,
      ...(failWith === null ? {} : { failed_with: failWith }),
    });
    return reply;
  };

  const channelTypeFilter = (query: URLSearchParams): { type: SinkChannelType | undefined } | { error: string } => {
    const wanted = query.get('channel_type');
    if (!wanted) return { type: undefined };
    return isSinkChannelType(wanted) ? { type: wanted } : { error: `channel_type must be one of ${SINK_CHANNEL_TYPES.join(', ')}.` };
  };

  const route = (request: Incoming): SinkReply => {
    const [, first = ''] = request.path.split('/');
    if (first === 'sns') return publishSms(request);
    if (isSinkChannelType(first) && first !== 'sms') return deliverToProvider(first, request);
    if (request.path === '/store' || request.path === '/') {
      const filter = channelTypeFilter(request.query);
      if ('error' in filter) return detailReply(400, filter.error);
      if (request.path === '/store' && request.method === 'DELETE') {
        store.clear();
        return jsonReply(200, { messages: [] });
      }
      if (request.method !== 'GET') return detailReply(405, `${request.path} takes GET${request.path === '/store' ? ' or DELETE' : ''}.`);
      if (request.path === '/store') return jsonReply(200, { messages: store.list(filter.type) });
      return inboxPage({ messages: store.list(filter.type), channelType: filter.type, pendingFailures: store.pendingFailures() });
    }
    if (request.path === '/_local/fail') {
      if (request.method !== 'POST') return detailReply(405, '/_local/fail takes POST {"channel_type", "status", "count", "url"?}.');
      const plan = parseFailRequest(request.text);
      if (typeof plan === 'string') return detailReply(400, plan);
      store.planFailures(plan.channelType, plan.status, plan.count, plan.url);
      return jsonReply(200, { channel_type: plan.channelType, status: plan.status, remaining: plan.count, ...(plan.url ? { url: plan.url } : {}) });
    }
    return detailReply(404, `Nothing at ${request.path}. Providers: ${SINK_CHANNEL_TYPES.map((type) => `/${type === 'sms' ? 'sns' : type}/...`).join(', ')}; inbox at /, JSON at /store.`);
  };

  const server = http.createServer((incoming: IncomingMessage, response) => {
    const url = new URL(incoming.url ?? '/', 'http://sink.local');
    readBody(incoming)
      .then((text) => {
        const request: Incoming = {
          method: (incoming.method ?? 'GET').toUpperCase(),
          path: url.pathname.replace(/\/+$/, '') || '/',
          query: url.searchParams,
          headers: flatHeaders(incoming.headers),
          text,
          sinkUrl: `http://${incoming.headers.host ?? 'sink.local'}${incoming.url ?? '/'}`,
        };
        sendReply(response, route(request));
      })
      .catch((error: unknown) => {
        if (error instanceof BodyTooLarge) sendReply(response, detailReply(413, 'The body is over 1 MB.'));
        else sendReply(response, detailReply(500, `The channel sink failed: ${error instanceof Error ? error.message : String(error)}`));
      });
  });
  return { server, store };
};

/** Starts the sink on 127.0.0.1 (or `host`); port 0 picks a free one. */
export const startChannelSink = async (opts: ChannelSinkOptions): Promise<ChannelSink> => {
  const { server, store } = createChannelSink(opts);
  const host = opts.host ?? '127.0.0.1';
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : opts.port);
    });
  });
  return {
    url: `http://${host}:${port}`,
    port,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
