import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChannelList, CreatedChannel, DeletedChannel, DeliveryList, RotatedSecret, TestDeliveryResult } from '../../shared/alerts/schemas.js';
import type { WebhookPayload } from '../../shared/alerts/events.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api, baseUrl, mailsTo } from './helpers/api.js';
import { madeUpDownAlert, patchTableItem, putOutboxEntry, sendToAlertsQueue, waitFor, waitForOutboxStatus } from './helpers/pipeline.js';
import { channelKey } from '../../shared/table/keys.js';

/**
 * Alert channels against the local cloud (docs/alerts.md): the API's rules, and a transition's
 * delivery through the real queues to a signed webhook receiver here and to the channel sink that
 * stands in for Slack.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const receiver = { url: '', received: [] as Received[], failNext: 0, server: undefined as http.Server | undefined };

beforeAll(async () => {
  await signInAdmin();
  receiver.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body });
      if (receiver.failNext > 0) {
        receiver.failNext--;
        res.writeHead(503).end('busy');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hooks/upwatch`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.server?.close(resolve));
});

const sink = () => inject('channelSinkUrl');

interface SinkMessage {
  channel_type: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  failed_with?: number;
}

const sinkMessages = async (type: string): Promise<SinkMessage[]> => {
  const response = await fetch(`${sink()}/store?channel_type=${type}`);
  return ((await response.json()) as { messages: SinkMessage[] }).messages;
};

const businessUser = async (label: string) => {
  const user = await userWithId(label);
  expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
  return user;
};

const SLACK_URL = (label: string) => `https://hooks.slack.com/services/T000/B000/${label}${Date.now()}`;

describe('alert channels API', () => {
  it('refuses bad channels with a detail that says what to fix', async () => {
    const user = await userWithId('bad-channels');
    const post = (body: unknown) => api<{ detail: string; errors?: { field: string }[] }>('/api/channels', { method: 'POST', token: user.token, body });
    const cases: [unknown, number, RegExp][] = [
      [{ type: 'carrier-pigeon', name: 'x', config: {} }, 400, /Unknown channel type: carrier-pigeon/],
      [{ type: 'slack', name: 'x', config: { webhook_url: 'https://example.com/services/abc' } }, 400, /Slack incoming webhook URL/],
      [{ type: 'slack', name: 'x', config: { webhook_url: 'not a url' } }, 400, /full URL/],
      [{ type: 'telegram', name: 'x', config: { bot_token: 'nope', chat_id: '42' } }, 400, /BotFather/],
      [{ type: 'sms', name: 'x', config: { phone: '0123' } }, 400, /E\.164/],
      [{ type: 'webhook', name: 'x', config: { url: 'https://example.com/hook' } }, 400, /Business plan/],
      [{ type: 'slack', name: '', config: { webhook_url: SLACK_URL('a') } }, 400, /name is required/],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    const business = await businessUser('bad-hooks');
    for (const [url, detail] of [
      ['http://example.com/hook', /https/],
      ['https://10.0.0.7/hook', /public addresses|private/i],
      ['https://169.254.169.254/latest/meta-data', /public addresses|link-local|metadata/i],
    ] as const) {
      const answer = await api<{ detail: string }>('/api/channels', { method: 'POST', token: business.token, body: { type: 'webhook', name: 'x', config: { url } } });
      expect(answer.status, url).toBe(400);
      expect(answer.body.detail, url).toMatch(detail);
    }
  });

  it('keeps channels private, masks their secrets, and takes a deleted channel off its monitors', async () => {
    const owner = await userWithId('channel-owner');
    const stranger = await userWithId('channel-stranger');
    const webhookUrl = SLACK_URL('owner');
    const created = await api<CreatedChannel>('/api/channels', { method: 'POST', token: owner.token, body: { type: 'slack', name: 'Ops room', config: { webhook_url: webhookUrl } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'slack', name: 'Ops room', status: 'active', is_default: true });
    expect(JSON.stringify(created.body)).not.toContain(webhookUrl.split('/').pop());

    const list = await api<ChannelList>('/api/channels', { token: owner.token });
    expect(list.body.channels.map((channel) => channel.id)).toEqual([created.body.id]);
    expect(JSON.stringify(list.body)).not.toContain(webhookUrl.split('/').pop());
    expect(list.body.limits).toMatchObject({ channels_used: 1, channel_cap: 3, sms_per_month: 0 });
    expect(list.body.limits.types_allowed).not.toContain('webhook');

    // Another user's channel does not exist for them.
    for (const [method, path] of [['PUT', ''], ['DELETE', ''], ['POST', '/test'], ['GET', '/deliveries']] as const) {
      const answer = await api(`/api/channels/${created.body.id}${path}`, { method, token: stranger.token, ...(method === 'PUT' ? { body: { name: 'mine' } } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await api<ChannelList>('/api/channels', { token: stranger.token })).body.channels).toEqual([]);

    // Renaming keeps the stored URL (sent back masked).
    const renamed = await api<CreatedChannel>(`/api/channels/${created.body.id}`, {
      method: 'PUT',
      token: owner.token,
      body: { name: 'Ops', config: created.body.config },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Ops', config: created.body.config });

    const monitor = await api<{ id: string; channel_ids: string[] | null }>('/api/monitors', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Shop', url: 'https://shop.example.com', check_interval: 300, timeout: 30, channel_ids: [created.body.id] },
    });
    expect(monitor.status).toBe(201);
    expect(monitor.body.channel_ids).toEqual([created.body.id]);
    const foreign = await api('/api/monitors', {
      method: 'POST',
      token: stranger.token,
      body: { name: 'Theirs', url: 'https://theirs.example.com', check_interval: 300, timeout: 30, channel_ids: [created.body.id] },
    });
    expect(foreign.status).toBe(400);

    const deleted = await api<DeletedChannel>(`/api/channels/${created.body.id}`, { method: 'DELETE', token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Channel deleted. It was taken off 1 monitor.', monitors_updated: 1 });
    const after = await api<{ monitor: { channel_ids: string[] | null } }>(`/api/monitors/${monitor.body.id}`, { token: owner.token });
    expect(after.body.monitor.channel_ids).toEqual([]);
  });

  it('takes a monitor\'s channels from the channels column of an upload, by name, and refuses a row naming one that does not exist', async () => {
    const user = await businessUser('csv-channels');
    const slack = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Ops Slack', config: { webhook_url: SLACK_URL('csv') } } });
    const form = new FormData();
    const csv = 'name,url,check_interval,timeout,channels\nShop,https://shop.example.com,300,30,ops slack\nBlog,https://blog.example.com,300,30,Nowhere\nDocs,https://docs.example.com,300,30,\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'monitors.csv');
    const response = await fetch(`${baseUrl()}/api/monitors/bulk-upload`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const result = (await response.json()) as { successful: number; errors: string[] };
    expect(result.successful).toBe(2);
    expect(result.errors).toEqual(['Row 3: Unknown alert channel: Nowhere. Use the names shown in Settings -> Notifications']);
    const list = await api<{ monitors: { name: string; channel_ids: string[] | null }[] }>('/api/monitors', { token: user.token });
    expect(Object.fromEntries(list.body.monitors.map((monitor) => [monitor.name, monitor.channel_ids]))).toEqual({ Shop: [slack.body.id], Docs: null });
  });

  it('holds the plan cap on the server', async () => {
    const user = await userWithId('channel-cap');
    for (let i = 0; i < 3; i++) {
      expect((await api('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: `S${i}`, config: { webhook_url: SLACK_URL(`cap${i}`) } } })).status).toBe(201);
    }
    const over = await api<{ detail: string }>('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'S4', config: { webhook_url: SLACK_URL('cap4') } } });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe('Channel limit reached: your Free plan allows 3 alert channels. Delete a channel or upgrade your plan to add more.');
  });
});

describe('alert channel deliveries', () => {
  it('delivers one signed webhook and one Slack message per transition; a failing webhook and a failing Slack are retried, then delivered once', async () => {
    const user = await businessUser('deliveries');
    const hook = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'webhook', name: 'Receiver', config: { url: receiver.url } } });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_/);
    const slackUrl = SLACK_URL('deliveries');
    const slack = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } } });
    expect(slack.status).toBe(201);

    // The receiver is busy once (503) and Slack fails once (500): each first try is retried after its back-off.
    receiver.failNext = 1;
    // Scoped to this test's Slack URL: another test's monitor alerting its own Slack channel meanwhile
    // must not take the failure.
    await fetch(`${sink()}/_local/fail`, { method: 'POST', body: JSON.stringify({ channel_type: 'slack', status: 500, count: 1, url: slackUrl }) });
    const before = receiver.received.length;
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, monitorName: 'Channel shop', monitorUrl: 'https://shop.example.com/', alert });
    // Twice: a duplicate message must not make a second delivery.
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: 'Channel shop', monitorUrl: 'https://shop.example.com/', alert });
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: 'Channel shop', monitorUrl: 'https://shop.example.com/', alert });
    await waitForOutboxStatus(alert.transitionId, 'sent');

    const slackMessage = await waitFor(
      'the Slack message in the sink, after its retry',
      async () => (await sinkMessages('slack')).find((message) => message.url === slackUrl && message.failed_with === undefined),
      60_000,
    );
    expect(JSON.stringify(slackMessage.body)).toContain('Channel shop');

    const delivered = await waitFor(
      'the webhook delivered after its retry',
      async () => receiver.received.slice(before).filter((request) => request.body.includes(alert.transitionId.split('#')[0]!)).length >= 2 && receiver.received.slice(before),
      60_000,
    );
    const tries = delivered.filter((request) => request.body.includes(alert.incidentId));
    expect(tries).toHaveLength(2);
    // Both tries carry the same webhook-id, and each verifies with the library's own verify.
    expect(tries[0]!.headers['webhook-id']).toBe(tries[1]!.headers['webhook-id']);
    const payload = new Webhook(hook.body.secret!).verify(tries[1]!.body, tries[1]!.headers as Record<string, string>) as WebhookPayload;
    expect(payload).toMatchObject({ type: 'incident.opened', data: { monitor: { name: 'Channel shop' }, incident: { id: alert.incidentId } } });
    expect(() => new Webhook(hook.body.secret!).verify(tries[1]!.body.replace('Channel shop', 'Channel shoP'), tries[1]!.headers as Record<string, string>)).toThrow();

    const log = await api<DeliveryList>(`/api/channels/${hook.body.id}/deliveries`, { token: user.token });
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0]).toMatchObject({ event: 'incident.opened', status: 'delivered', attempts: 2, monitor_name: 'Channel shop' });
    // Nothing more arrives: exactly once per channel.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const slackTries = (await sinkMessages('slack')).filter((message) => message.url === slackUrl);
    expect(slackTries.map((message) => message.failed_with ?? 'delivered')).toEqual([500, 'delivered']);
  }, 90_000);

  it('pauses a channel whose deliveries failed 10 times in a row, mails its owner once, and resumes it clean', async () => {
    const user = await businessUser('pausing');
    const slackUrl = SLACK_URL('pausing');
    const slack = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Flaky', config: { webhook_url: slackUrl } } });
    // Nine failures so far (as nine earlier alerts would have left it); the tenth is this one: Slack says the webhook is gone.
    await patchTableItem(channelKey(user.id, slack.body.id), { consecutive_failures: 9 });
    await fetch(`${sink()}/_local/fail`, { method: 'POST', body: JSON.stringify({ channel_type: 'slack', status: 404, count: 1, url: slackUrl }) });
    const alert = madeUpDownAlert();
    await putOutboxEntry({ userId: user.id, monitorName: 'Pausing shop', monitorUrl: 'https://shop.example.com/', alert });
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: 'Pausing shop', monitorUrl: 'https://shop.example.com/', alert });

    const paused = await waitFor('the channel paused', async () =>
      (await api<ChannelList>('/api/channels', { token: user.token })).body.channels.find((channel) => channel.status === 'paused'),
    );
    expect(paused).toMatchObject({ id: slack.body.id, paused_reason: 'failures', consecutive_failures: 10 });
    const mail = await waitFor('the owner told', async () => (await mailsTo(user.email)).find((m) => m.subject === 'Alert channel paused: Flaky'));
    expect(mail.body.text).toContain('could not be delivered');
    const log = await api<DeliveryList>(`/api/channels/${slack.body.id}/deliveries`, { token: user.token });
    expect(log.body.deliveries[0]).toMatchObject({ status: 'failed', http_status: 404, attempts: 1 });

    const resumed = await api<CreatedChannel>(`/api/channels/${slack.body.id}`, { method: 'PUT', token: user.token, body: { paused: false } });
    expect(resumed.body).toMatchObject({ status: 'active', paused_reason: null, consecutive_failures: 0 });
  });

  it('sends a test alert, rotates a webhook secret (both sign for 24 hours), and pauses nothing on a failed test', async () => {
    const user = await businessUser('channel-test');
    const hook = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'webhook', name: 'Receiver', config: { url: receiver.url } } });
    const rotated = await api<RotatedSecret>(`/api/channels/${hook.body.id}/rotate-secret`, { method: 'POST', token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.body.secret);

    const before = receiver.received.length;
    const tested = await api<TestDeliveryResult>(`/api/channels/${hook.body.id}/test`, { method: 'POST', token: user.token });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: true, http_status: 204 });
    const request = receiver.received[before]!;
    for (const secret of [hook.body.secret!, rotated.body.secret]) {
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ data: { test: true } });
    }

    const slackUrl = SLACK_URL('test');
    const slack = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } } });
    await fetch(`${sink()}/_local/fail`, { method: 'POST', body: JSON.stringify({ channel_type: 'slack', status: 404, count: 1, url: slackUrl }) });
    const failed = await api<TestDeliveryResult>(`/api/channels/${slack.body.id}/test`, { method: 'POST', token: user.token });
    expect(failed.body).toMatchObject({ success: false, http_status: 404 });
    expect(failed.body.message).toMatch(/could not be delivered/);
    const list = await api<ChannelList>('/api/channels', { token: user.token });
    expect(list.body.channels.find((channel) => channel.id === slack.body.id)).toMatchObject({ status: 'active', consecutive_failures: 0 });
  });
});
