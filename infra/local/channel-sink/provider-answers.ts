import { randomBytes } from 'node:crypto';
import { isPlainObject, jsonReply, textReply, type SinkReply } from './sink-http.js';
import type { SinkChannelType } from './sink-store.js';

/**
 * How each provider answers a delivery (docs/alerts.md "Offline"): the success each documents,
 * the errors a sender meets for a bad message, and the bodies that come with a failure status
 * asked for with `POST /_local/fail`, so a sender reads the sink exactly as it reads the provider.
 */

export type WebhookChannelType = Exclude<SinkChannelType, 'sms'>;

export interface ProviderRequest {
  body: unknown;
  query: URLSearchParams;
}

interface Provider {
  answer(request: ProviderRequest): SinkReply;
  failure(status: number): SinkReply;
}

/** A 429 of any provider asks to wait one second, as the real ones say in Retry-After. */
const retryAfter = (status: number): Record<string, string> => (status === 429 ? { 'retry-after': '1' } : {});

const unixSeconds = () => Math.floor(Date.now() / 1000);

/** Slack incoming webhooks: text/plain `ok`, or a short error code. */
const slackErrors: Record<number, string> = {
  400: 'invalid_payload',
  403: 'invalid_token',
  404: 'no_service',
  410: 'channel_is_archived',
  429: 'rate_limited',
};

const slack: Provider = {
  answer: ({ body }) => {
    if (!isPlainObject(body)) return textReply(400, 'invalid_payload');
    if (body.text === undefined && body.blocks === undefined && body.attachments === undefined) return textReply(400, 'no_text');
    return textReply(200, 'ok');
  },
  failure: (status) => textReply(status, slackErrors[status] ?? (status >= 500 ? 'internal_error' : 'invalid_payload'), retryAfter(status)),
};

/** Teams workflows (Power Automate "When a Teams webhook request is received"): 202 and nothing else. */
const teamsErrors: Record<number, [string, string]> = {
  400: ['InvalidRequestContent', 'The request content is not valid JSON.'],
  401: ['DirectApiAuthorizationRequired', 'The request must be authenticated.'],
  403: ['AuthorizationFailed', 'The workflow does not accept this request.'],
  404: ['WorkflowNotFound', 'The workflow could not be found.'],
  429: ['WorkflowRequestsThrottled', 'The workflow has too many requests. Please retry after 1 second.'],
};

const teams: Provider = {
  answer: ({ body }) =>
    isPlainObject(body) ? { status: 202 } : jsonReply(400, { error: { code: 'InvalidRequestContent', message: 'The request content is not valid JSON.' } }),
  failure: (status) => {
    const [code, message] = teamsErrors[status] ?? (status >= 500 ? ['ServiceUnavailable', 'The service is temporarily unavailable.'] : ['BadRequest', 'The request is invalid.']);
    return jsonReply(status, { error: { code, message } }, retryAfter(status));
  },
};

/** Discord webhooks: 204, or 200 with the message when `?wait=true`. */
let discordSnowflake = BigInt(Date.now()) << 22n;

const discordErrors: Record<number, Record<string, unknown>> = {
  400: { message: 'Cannot send an empty message', code: 50006 },
  401: { message: '401: Unauthorized', code: 0 },
  403: { message: 'Missing Access', code: 50001 },
  404: { message: 'Unknown Webhook', code: 10015 },
  429: { message: 'You are being rate limited.', retry_after: 1, global: false },
};

const discord: Provider = {
  answer: ({ body, query }) => {
    if (!isPlainObject(body)) return jsonReply(400, { message: 'The request body contains invalid JSON.', code: 50109 });
    const embeds = Array.isArray(body.embeds) ? body.embeds : [];
    if (!body.content && embeds.length === 0) return jsonReply(400, discordErrors[400]);
    if (query.get('wait') !== 'true') return { status: 204 };
    discordSnowflake += 1n;
    return jsonReply(200, { id: String(discordSnowflake), type: 0, content: body.content ?? '', embeds, timestamp: new Date().toISOString() });
  },
  failure: (status) =>
    jsonReply(status, discordErrors[status] ?? { message: status >= 500 ? `${status}: Internal Server Error` : `${status}: Bad Request`, code: 0 }, retryAfter(status)),
};

/** Telegram Bot API sendMessage: `{ok, result}` or `{ok: false, error_code, description}`. */
let telegramMessageId = 0;

const telegramError = (status: number, description: string, extra: Record<string, unknown> = {}): SinkReply =>
  jsonReply(status, { ok: false, error_code: status, description, ...extra }, retryAfter(status));

const telegramErrors: Record<number, string> = {
  400: 'Bad Request: chat not found',
  401: 'Unauthorized',
  403: 'Forbidden: bot was blocked by the user',
  404: 'Not Found',
};

const telegram: Provider = {
  answer: ({ body }) => {
    if (!isPlainObject(body) || body.chat_id === undefined || body.chat_id === '') return telegramError(400, 'Bad Request: chat not found');
    if (typeof body.text !== 'string' || !body.text.trim()) return telegramError(400, 'Bad Request: message text is empty');
    telegramMessageId += 1;
    return jsonReply(200, {
      ok: true,
      result: { message_id: telegramMessageId, date: unixSeconds(), chat: { id: body.chat_id }, text: body.text },
    });
  },
  failure: (status) =>
    status === 429
      ? telegramError(429, 'Too Many Requests: retry after 1', { parameters: { retry_after: 1 } })
      : telegramError(status, telegramErrors[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request')),
};

/** PagerDuty Events API v2 (`/v2/enqueue`): 202 with the dedup_key, or "invalid event". */
const PAGERDUTY_ACTIONS = ['trigger', 'acknowledge', 'resolve'];

const invalidEvent = (error: string): SinkReply =>
  jsonReply(400, { status: 'invalid event', message: 'Event object is invalid', errors: [error] });

const pagerduty: Provider = {
  answer: ({ body }) => {
    if (!isPlainObject(body)) return invalidEvent('Event object is not valid JSON');
    if (typeof body.routing_key !== 'string' || !body.routing_key.trim()) return invalidEvent("'routing_key' is missing or blank");
    if (typeof body.event_action !== 'string' || !PAGERDUTY_ACTIONS.includes(body.event_action)) {
      return invalidEvent("'event_action' must be one of trigger, acknowledge or resolve");
    }
    const dedupKey = typeof body.dedup_key === 'string' && body.dedup_key ? body.dedup_key : randomBytes(16).toString('hex');
    return jsonReply(202, { status: 'success', message: 'Event processed', dedup_key: dedupKey });
  },
  failure: (status) => {
    if (status === 429) return jsonReply(429, { status: 'throttle event', message: 'Requests for this service are arriving too quickly. Please retry later.' }, retryAfter(429));
    if (status === 400) return invalidEvent("'routing_key' is missing or blank");
    return jsonReply(status, { status: 'error', message: status >= 500 ? 'Internal Server Error' : 'Request refused' });
  },
};

export const WEBHOOK_PROVIDERS: Record<WebhookChannelType, Provider> = { slack, teams, discord, telegram, pagerduty };
