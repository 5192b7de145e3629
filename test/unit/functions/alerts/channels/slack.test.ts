import { describe, expect, it } from 'vitest';
import { slackMessage, slackOutcome, slackSender } from '../../../../../functions/services/alerts/channels/slack.js';
import type { ProviderAnswer } from '../../../../../functions/services/alerts/channels/contract.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, answer, APP_URL, context, downAlert, fakeDeps, NOW, SLACK_URL, upAlert } from './fixtures.js';

type Block = { type: string; text?: { text: string }; fields?: { text: string }[]; elements?: { text: { text: string }; url: string }[] };

const blocksOf = (message: ReturnType<typeof slackMessage>): Block[] => message.blocks as Block[];

describe('slackMessage', () => {
  it('heads a Block Kit message with the headline and lists the facts, what to do and the buttons', () => {
    const message = slackMessage(downAlert({ monitorName: 'Shop <main> & co' }), 'UTC');
    expect(message.text).toBe('Shop &lt;main&gt; &amp; co is down: Your website is down: your server is refusing connections.');
    const blocks = blocksOf(message);
    expect(blocks.map((block) => block.type)).toEqual(['header', 'section', 'section', 'section', 'actions']);
    expect(blocks[0]!.text!.text).toBe('🔴 Shop <main> & co is down');
    expect(blocks[1]!.text!.text).toContain('Your website is down: your server is refusing connections.');
    const fields = blocks[2]!.fields!.map((field) => field.text);
    expect(fields).toContain('*Monitor*\nShop &lt;main&gt; &amp; co');
    expect(fields).toContain('*URL*\nhttps://shop.example.com/');
    expect(fields).toContain('*Regions*\nDown in: eu-west-1, us-east-1 · Up in: ap-south-1');
    expect(fields).toContain('*User impact*\nHIGH');
    expect(blocks[3]!.text!.text).toMatch(/^\*What to do\*\nCheck that your web server/);
    expect(blocks[4]!.elements!.map((button) => [button.text.text, button.url])).toEqual([
      ['View incident', `${APP_URL}/app/incidents/01HZZZINCIDENT`],
      ['Acknowledge', ACK_URL],
    ]);
  });

  it('shows no acknowledgement and nothing to do for a recovery', () => {
    const blocks = blocksOf(slackMessage(upAlert(), null));
    expect(blocks[0]!.text!.text).toBe('🟢 Shop is back up');
    expect(blocks.map((block) => block.type)).toEqual(['header', 'section', 'section', 'actions']);
    expect(blocks.at(-1)!.elements!.map((button) => button.text.text)).toEqual(['View incident']);
    expect(blocks[2]!.fields!.map((field) => field.text)).toContain('*Downtime*\n12 minutes');
  });

  it('marks a test as a test in the headline, the first line and the notification text', () => {
    const message = slackMessage(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), null);
    expect(message.text).toMatch(/^\[Test\] Example Website is down/);
    expect(blocksOf(message)[0]!.text!.text).toBe('🔴 [Test] Example Website is down');
    expect(blocksOf(message)[1]!.text!.text).toMatch(/^This is a test alert with sample data/);
  });
});

describe('slackOutcome', () => {
  const outcome = (status: number, body: string, headers: Record<string, string> = {}) => slackOutcome(answer(status, body, headers), NOW);

  it('puts each of Slack\'s error codes in words a user can act on', () => {
    expect(outcome(200, 'ok')).toEqual({ ok: true, httpStatus: 200, latencyMs: 42 });
    expect(outcome(404, 'no_service')).toMatchObject({
      ok: false,
      retryable: false,
      error: 'Slack says the webhook no longer exists (no_service): create a new incoming webhook and update this channel.',
    });
    expect(outcome(404, 'channel_not_found')).toMatchObject({ retryable: false, error: expect.stringContaining('(channel_not_found)') });
    expect(outcome(403, 'action_prohibited')).toMatchObject({ retryable: false, error: expect.stringContaining('workspace admin') });
    expect(outcome(403, 'invalid_token')).toMatchObject({ retryable: false, error: expect.stringContaining('(invalid_token)') });
    expect(outcome(410, 'channel_is_archived')).toMatchObject({ retryable: false, error: expect.stringContaining('archived') });
    expect(outcome(400, 'invalid_payload')).toMatchObject({ retryable: false, error: 'Slack rejected the message (400 invalid_payload).' });
  });

  it('tries again after a rate limit (honouring Retry-After) and Slack\'s own faults', () => {
    expect(outcome(429, 'rate_limited', { 'retry-after': '30' })).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterSeconds: 30,
      error: 'Slack asked us to slow down (429 rate_limited); we try again in 30 s.',
    });
    expect(outcome(503, 'service_unavailable')).toMatchObject({ retryable: true, error: 'Slack had a problem on its side (503 service_unavailable); we try again.' });
  });
});

describe('slackSender through the real IncomingWebhook', () => {
  const ctx = context<'slack'>({ webhook_url: SLACK_URL }, { timezone: 'UTC' });

  it('posts the Block Kit message through postJson and reads Slack\'s ok', async () => {
    const { deps, requests } = fakeDeps(answer(200, 'ok'));
    const outcome = await slackSender.send(downAlert(), ctx, deps);
    expect(outcome).toEqual({ ok: true, httpStatus: 200, latencyMs: 42 });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe(SLACK_URL);
    expect(request!.headers['Content-Type']).toBe('application/json');
    expect(request!.headers).not.toHaveProperty('x-upwatch-original-url');
    const body = JSON.parse(request!.body) as ReturnType<typeof slackMessage>;
    expect(body).toEqual(JSON.parse(JSON.stringify(slackMessage(downAlert(), 'UTC'))));
  });

  it('goes to the local sink when providerUrl says so, naming the real URL', async () => {
    const { deps, requests } = fakeDeps(answer(200, 'ok'));
    const sink = { ...deps, providerUrl: (_type: string, url: string) => `http://127.0.0.1:8010/slack${new URL(url).pathname}` };
    await slackSender.send(downAlert(), ctx, sink);
    expect(requests[0]!.url).toBe('http://127.0.0.1:8010/slack/services/T000/B000/XXXXXXXX');
    expect(requests[0]!.headers['x-upwatch-original-url']).toBe(SLACK_URL);
  });

  it('maps the error IncomingWebhook throws to an outcome, once, without its own retries', async () => {
    const calls: ProviderAnswer[] = [];
    const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
      const { deps } = fakeDeps(() => {
        calls.push(answer(status, body, headers));
        return answer(status, body, headers);
      });
      return slackSender.send(downAlert(), ctx, deps);
    };
    expect(await reply(404, 'no_service')).toMatchObject({ ok: false, retryable: false, httpStatus: 404, error: expect.stringContaining('no_service') });
    expect(await reply(429, 'rate_limited', { 'Retry-After': '12' })).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 12 });
    expect(await reply(500, 'internal_error')).toMatchObject({ ok: false, retryable: true, httpStatus: 500 });
    expect(calls).toHaveLength(3);
    const { deps } = fakeDeps(answer(null, '', {}, 'timeout after 10000 ms'));
    expect(await slackSender.send(downAlert(), ctx, deps)).toEqual({
      ok: false,
      retryable: true,
      httpStatus: null,
      latencyMs: 42,
      error: 'Slack did not answer (timeout after 10000 ms); we try again.',
    });
  });
});
