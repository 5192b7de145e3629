import { ListTopicsCommand } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChannelSink, type ChannelSink } from '../../../infra/local/channel-sink/server.js';
import type { SinkMessage } from '../../../infra/local/channel-sink/sink-store.js';
import { sns } from '../../../functions/clients/sns.js';
import { describeSmsFailure, publishSms } from '../../../functions/repositories/sms-repository.js';

/**
 * The local channel sink (docs/alerts.md "Offline"): each provider's answer, what `/store` keeps,
 * failures asked for with `/_local/fail`, the escaped inbox page, and the real SNS client's Publish.
 */
let sink: ChannelSink;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sink.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const stored = async (query = ''): Promise<SinkMessage[]> => {
  const response = await fetch(`${sink.url}/store${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: SinkMessage[] }).messages;
};

const fail = (body: unknown) => post('/_local/fail', body);

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXX';

beforeAll(async () => {
  sink = await startChannelSink({ port: 0 });
  // The functions' SNS client, pointed at the sink as the local cloud points it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  process.env.AWS_REGION = 'us-east-1';
  process.env.SNS_ENDPOINT = `${sink.url}/sns`;
});

afterAll(async () => {
  await sink.close();
});

beforeEach(async () => {
  expect((await fetch(`${sink.url}/store`, { method: 'DELETE' })).status).toBe(200);
});

describe('provider endpoints answer as each provider does', () => {
  it('Slack: 200 text "ok", and the message kept with the URL the sender meant', async () => {
    const response = await post('/slack/services/T000/B000/XXXX', { text: 'Shop is down', blocks: [] }, { 'x-upwatch-original-url': SLACK_URL, 'X-Custom': 'Yes' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('ok');
    const [message] = await stored();
    expect(message).toMatchObject({ channel_type: 'slack', url: SLACK_URL, body: { text: 'Shop is down', blocks: [] }, status: 200 });
    expect(message?.headers['x-custom']).toBe('Yes');
    expect(message?.failed_with).toBeUndefined();
    expect(new Date(message?.received_at ?? '').toISOString()).toBe(message?.received_at);
  });

  it('Slack: 400 "no_text" for a message with neither text nor blocks', async () => {
    const response = await post('/slack/services/T000/B000/XXXX', { username: 'x' });
    expect([response.status, await response.text()]).toEqual([400, 'no_text']);
  });

  it('Teams: 202 with an empty body', async () => {
    const card = { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', body: [] } }] };
    const response = await post('/teams/workflows/abc/triggers/manual/paths/invoke?api-version=1', card);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect((await stored())[0]).toMatchObject({ channel_type: 'teams', body: card, status: 202 });
  });

  it('Discord: 204 with an empty body, or 200 with the message when ?wait=true', async () => {
    const embed = { embeds: [{ title: 'Shop is down' }] };
    const plain = await post('/discord/api/webhooks/1/token', embed);
    expect(plain.status).toBe(204);
    expect(await plain.text()).toBe('');
    const waited = await post('/discord/api/webhooks/1/token?wait=true', embed);
    expect(waited.status).toBe(200);
    expect(await waited.json()).toMatchObject({ id: expect.stringMatching(/^\d+$/), embeds: embed.embeds });
    const empty = await post('/discord/api/webhooks/1/token', {});
    expect([empty.status, await empty.json()]).toEqual([400, { message: 'Cannot send an empty message', code: 50006 }]);
  });

  it('Telegram: 200 with the sent message, and 400 "chat not found" without a chat_id', async () => {
    const first = await post('/telegram/bot123:ABC/sendMessage', { chat_id: '-100123', text: 'Shop is down' });
    expect(first.status).toBe(200);
    const sent = (await first.json()) as { ok: boolean; result: { message_id: number; date: number; chat: { id: unknown } } };
    expect(sent.ok).toBe(true);
    expect(sent.result.chat.id).toBe('-100123');
    expect(Math.abs(sent.result.date - Date.now() / 1000)).toBeLessThan(5);
    const second = (await (await post('/telegram/bot123:ABC/sendMessage', { chat_id: 42, text: 'again' })).json()) as typeof sent;
    expect(second.result.message_id).toBe(sent.result.message_id + 1);
    expect(second.result.chat.id).toBe(42);

    const missing = await post('/telegram/bot123:ABC/sendMessage', { text: 'nowhere' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat not found' });
  });

  it('PagerDuty: 202 with the event dedup_key (or a new one), 400 "invalid event" without a routing_key', async () => {
    const event = { routing_key: 'a'.repeat(32), event_action: 'trigger', dedup_key: 'incident-1', payload: { summary: 'Shop is down', source: 'upwatch', severity: 'critical' } };
    const accepted = await post('/pagerduty/v2/enqueue', event);
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'incident-1' });
    const generated = (await (await post('/pagerduty/v2/enqueue', { ...event, dedup_key: undefined })).json()) as { dedup_key: string };
    expect(generated.dedup_key).toMatch(/^[0-9a-f]{32}$/);

    const invalid = await post('/pagerduty/v2/enqueue', { ...event, routing_key: undefined });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors: ["'routing_key' is missing or blank"] });
  });

  it('keeps a body that is not JSON as text, and the sink URL when the sender named no original URL', async () => {
    const response = await post('/slack/services/T/B/X', 'not json');
    expect([response.status, await response.text()]).toEqual([400, 'invalid_payload']);
    const [message] = await stored();
    expect(message).toMatchObject({ body: 'not json', url: `${sink.url}/slack/services/T/B/X`, status: 400 });
  });

  it('answers 404 with a detail for a path no provider has, and 405 for a GET on a provider', async () => {
    const unknown = await post('/mattermost/hooks/x', { text: 'x' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/\/slack\/\.\.\./);
    expect((await fetch(`${sink.url}/slack/services/T/B/X`)).status).toBe(405);
    expect(await stored()).toEqual([]);
  });
});

describe('/store', () => {
  it('lists messages oldest first, filters by channel_type, refuses an unknown type, and DELETE empties it', async () => {
    await post('/slack/services/T/B/1', { text: 'one' });
    await post('/discord/api/webhooks/1/t', { content: 'two' });
    await post('/slack/services/T/B/3', { text: 'three' });
    expect((await stored()).map((message) => message.channel_type)).toEqual(['slack', 'discord', 'slack']);
    expect((await stored('?channel_type=slack')).map((message) => (message.body as { text: string }).text)).toEqual(['one', 'three']);
    const bad = await fetch(`${sink.url}/store?channel_type=fax`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/channel_type must be one of slack, teams/);
    const cleared = await fetch(`${sink.url}/store`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ messages: [] });
    expect(await stored()).toEqual([]);
  });

  it('keeps at most its cap of messages, dropping the oldest', async () => {
    const small = await startChannelSink({ port: 0, cap: 3 });
    try {
      for (const n of [1, 2, 3, 4, 5]) {
        await fetch(`${small.url}/slack/services/T/B/X`, { method: 'POST', body: JSON.stringify({ text: `m${n}` }) });
      }
      const { messages } = (await (await fetch(`${small.url}/store`)).json()) as { messages: SinkMessage[] };
      expect(messages.map((message) => (message.body as { text: string }).text)).toEqual(['m3', 'm4', 'm5']);
    } finally {
      await small.close();
    }
  });
});

describe('/_local/fail', () => {
  it('answers the next `count` deliveries with the status, as the provider words it, then answers normally again', async () => {
    const planned = await fail({ channel_type: 'slack', status: 500, count: 2 });
    expect([planned.status, await planned.json()]).toEqual([200, { channel_type: 'slack', status: 500, remaining: 2 }]);
    const answers: [number, string][] = [];
    for (let i = 0; i < 3; i++) {
      const response = await post('/slack/services/T/B/X', { text: `try ${i}` });
      answers.push([response.status, await response.text()]);
    }
    expect(answers).toEqual([
      [500, 'internal_error'],
      [500, 'internal_error'],
      [200, 'ok'],
    ]);
    expect((await stored()).map((message) => message.failed_with)).toEqual([500, 500, undefined]);
  });

  it('fails only the type it names', async () => {
    await fail({ channel_type: 'teams', status: 503, count: 1 });
    expect((await post('/slack/services/T/B/X', { text: 'x' })).status).toBe(200);
    expect((await post('/teams/workflows/x', { type: 'message' })).status).toBe(503);
    expect((await post('/teams/workflows/x', { type: 'message' })).status).toBe(202);
  });

  it('with a url, fails only the deliveries to that address: another sender to the same provider is not its target', async () => {
    const planned = await fail({ channel_type: 'slack', status: 500, count: 1, url: SLACK_URL });
    expect(await planned.json()).toEqual({ channel_type: 'slack', status: 500, remaining: 1, url: SLACK_URL });
    const other = await post('/slack/services/T/B/OTHER', { text: 'x' }, { 'x-upwatch-original-url': 'https://hooks.slack.com/services/T000/B000/OTHER' });
    expect(other.status).toBe(200);
    const target = await post('/slack/services/T000/B000/XXXX', { text: 'x' }, { 'x-upwatch-original-url': SLACK_URL });
    expect(target.status).toBe(500);
    expect((await post('/slack/services/T000/B000/XXXX', { text: 'x' }, { 'x-upwatch-original-url': SLACK_URL })).status).toBe(200);
    expect((await fail({ channel_type: 'slack', status: 500, url: 7 })).status).toBe(400);
  });

  it('sends Retry-After: 1 with a 429, and each provider its own error body', async () => {
    await fail({ channel_type: 'discord', status: 429, count: 1 });
    const limited = await post('/discord/api/webhooks/1/t', { content: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: false });

    await fail({ channel_type: 'slack', status: 429, count: 1 });
    const slackLimited = await post('/slack/services/T/B/X', { text: 'x' });
    expect([slackLimited.status, slackLimited.headers.get('retry-after'), await slackLimited.text()]).toEqual([429, '1', 'rate_limited']);

    await fail({ channel_type: 'slack', status: 404, count: 1 });
    const removed = await post('/slack/services/T/B/X', { text: 'x' });
    expect([removed.status, removed.headers.get('retry-after'), await removed.text()]).toEqual([404, null, 'no_service']);

    await fail({ channel_type: 'telegram', status: 429, count: 1 });
    const telegram = await post('/telegram/bot1:A/sendMessage', { chat_id: 1, text: 'x' });
    expect(await telegram.json()).toEqual({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } });

    await fail({ channel_type: 'pagerduty', status: 502, count: 1 });
    const pagerduty = await post('/pagerduty/v2/enqueue', { routing_key: 'k', event_action: 'trigger' });
    expect([pagerduty.status, ((await pagerduty.json()) as { status: string }).status]).toEqual([502, 'error']);
  });

  it('count 0 cancels a pending failure', async () => {
    await fail({ channel_type: 'slack', status: 500, count: 5 });
    await fail({ channel_type: 'slack', status: 500, count: 0 });
    expect((await post('/slack/services/T/B/X', { text: 'x' })).status).toBe(200);
  });

  it.each([
    ['not JSON', 'nope', /JSON object/],
    ['an unknown type', { channel_type: 'fax', status: 500, count: 1 }, /channel_type must be one of/],
    ['a status that is no failure', { channel_type: 'slack', status: 200, count: 1 }, /status must be a whole number from 400 to 599/],
    ['a count that is not a whole number', { channel_type: 'slack', status: 500, count: 1.5 }, /count must be a whole number/],
  ])('refuses %s with a 400 and a detail', async (_label, body, detail) => {
    const response = await fail(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(detail);
  });
});

describe('the inbox page', () => {
  it('lists messages newest first with a readable line per provider, everything escaped, refreshing itself', async () => {
    await post('/slack/services/T/B/X', { text: '<script>alert("slack")</script> is down' });
    await post('/teams/workflows/x', {
      type: 'message',
      attachments: [{ content: { type: 'AdaptiveCard', body: [{ type: 'Container', items: [{ type: 'TextBlock', text: 'Teams card title' }] }] } }],
    });
    await post('/discord/api/webhooks/1/t', { embeds: [{ title: 'Discord embed title' }] });
    await post('/telegram/bot1:A/sendMessage', { chat_id: 1, text: 'Telegram text' });
    await post('/pagerduty/v2/enqueue', { routing_key: 'k', event_action: 'resolve', payload: { summary: 'Shop is up' } });
    await publishSms('+14155550123', 'SMS text');

    const response = await fetch(`${sink.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('&lt;script&gt;alert(&quot;slack&quot;)&lt;/script&gt; is down');
    const lines = ['+14155550123: SMS text', 'resolve: Shop is up', 'Telegram text', 'Discord embed title', 'Teams card title', 'is down'];
    const positions = lines.map((line) => page.indexOf(line));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page).toContain('<details>');
    expect(page).toMatch(/location\.reload\(\)\},3000\)/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
  });

  it('shows the newest 200 and says how many older ones /store still has', async () => {
    for (let n = 1; n <= 205; n++) {
      sink.store.record({ channel_type: 'slack', url: SLACK_URL, headers: {}, body: { text: `message #${n};` }, status: 200, received_at: new Date().toISOString() });
    }
    const page = await (await fetch(`${sink.url}/`)).text();
    expect(page).toContain('message #205;');
    expect(page).toContain('message #6;');
    expect(page).not.toContain('message #5;');
    expect(page).toContain('5 older messages are not shown here');
  });

  it('shows one type when filtered', async () => {
    await post('/slack/services/T/B/X', { text: 'from slack' });
    await post('/telegram/bot1:A/sendMessage', { chat_id: 1, text: 'from telegram' });
    const page = await (await fetch(`${sink.url}/?channel_type=telegram`)).text();
    expect(page).toContain('from telegram');
    expect(page).not.toContain('from slack');
  });
});

describe('SNS through the real @aws-sdk/client-sns', () => {
  it('publishes a text message: SNS answers a MessageId and the sink keeps phone and message', async () => {
    const { messageId } = await publishSms('+14155550123', 'Shop is down (https://shop.example.com)');
    expect(messageId).toMatch(/^[0-9a-f-]{36}$/);
    const [message] = await stored('?channel_type=sms');
    expect(message).toMatchObject({ channel_type: 'sms', url: 'sns:Publish', status: 200, body: { phone: '+14155550123', message: 'Shop is down (https://shop.example.com)' } });
  });

  it('fails a Publish asked to fail once, without the SDK trying again, and says it is worth a retry', async () => {
    await fail({ channel_type: 'sms', status: 429, count: 1 });
    const error = await publishSms('+14155550123', 'x').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(describeSmsFailure(error)).toMatchObject({ httpStatus: 429, code: 'Throttled', retryable: true });
    expect((await stored()).map((message) => message.failed_with)).toEqual([429]);
  });

  it('refuses a phone number that is not E.164, as SNS does, and keeps nothing', async () => {
    const error = await publishSms('0415 555', 'x').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(describeSmsFailure(error)).toMatchObject({ httpStatus: 400, code: 'InvalidParameter', retryable: false });
    expect(await stored()).toEqual([]);
  });

  it('answers any other action with SNS\'s InvalidAction error', async () => {
    await expect(sns().send(new ListTopicsCommand({}))).rejects.toMatchObject({ name: 'InvalidAction', $metadata: { httpStatusCode: 400 } });
  });
});
