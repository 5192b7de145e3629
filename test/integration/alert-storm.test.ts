import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedChannel } from '../../shared/alerts/schemas.js';
import type { DigestWebhookPayload, WebhookPayload } from '../../shared/alerts/events.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api } from './helpers/api.js';
import { madeUpDownAlert, putOutboxEntry, sendToAlertsQueue, waitFor, waitForOutboxStatus } from './helpers/pipeline.js';

/**
 * A mass outage drowns no one (docs/alerts.md "Storms and pacing"): eight monitors of one account
 * go down at once; each channel gets five messages of their own and one digest naming the other
 * three, nothing twice, and the Slack messages leave at least a second apart.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const receiver = { url: '', received: [] as Received[], server: undefined as http.Server | undefined };

beforeAll(async () => {
  await signInAdmin();
  receiver.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server!.address() as AddressInfo).port}/hooks/storm`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.server?.close(resolve));
});

interface SinkMessage {
  url: string;
  body: Record<string, unknown>;
  received_at: string;
}

const slackMessagesTo = async (url: string): Promise<SinkMessage[]> => {
  const response = await fetch(`${inject('channelSinkUrl')}/store?channel_type=slack`);
  return ((await response.json()) as { messages: SinkMessage[] }).messages.filter((message) => message.url === url);
};

const NAMES = Array.from({ length: 8 }, (_, i) => `Storm shop ${String.fromCharCode(65 + i)}`);
const namesIn = (text: string): string[] => NAMES.filter((name) => text.includes(name));

describe('an alert storm', () => {
  it('sends five alerts and one digest per channel, each transition once, Slack paced a second apart', async () => {
    const user = await userWithId('storm');
    expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
    const hook = await api<CreatedChannel>('/api/channels', { method: 'POST', token: user.token, body: { type: 'webhook', name: 'Receiver', config: { url: receiver.url } } });
    expect(hook.status).toBe(201);
    const slackUrl = `https://hooks.slack.com/services/T000/B000/storm${Date.now()}`;
    expect((await api('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } } })).status).toBe(201);

    const alerts = NAMES.map(() => madeUpDownAlert());
    const started = Date.now();
    await Promise.all(
      alerts.map(async (alert, i) => {
        const entry = { userId: user.id, monitorName: NAMES[i]!, monitorUrl: `https://shop${i}.example.com/`, alert };
        await putOutboxEntry(entry);
        await sendToAlertsQueue({ kind: 'alert', ...entry });
      }),
    );
    // One transition's message twice: its second fan-out finds it seated and joins nothing again.
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: NAMES[7]!, monitorUrl: 'https://shop7.example.com/', alert: alerts[7]! });
    await Promise.all(alerts.map((alert) => waitForOutboxStatus(alert.transitionId, 'sent')));

    const slack = await waitFor('five Slack alerts and a digest', async () => {
      const messages = await slackMessagesTo(slackUrl);
      return messages.length >= 6 && messages;
    }, 60_000);
    const hooks = await waitFor('five webhooks and a digest', async () => {
      const requests = receiver.received.filter((request) => NAMES.some((name) => request.body.includes(name)));
      return requests.length >= 6 && requests;
    }, 30_000);
    // Anything late would be a duplicate: give it a moment to show.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await slackMessagesTo(slackUrl)).toHaveLength(6);
    expect(receiver.received.filter((request) => NAMES.some((name) => request.body.includes(name)))).toHaveLength(6);

    // Slack: five messages of one monitor each, and one digest that names the other three.
    const [digest, ...singles] = [...slack].sort((a, b) => namesIn(JSON.stringify(b.body)).length - namesIn(JSON.stringify(a.body)).length);
    for (const message of singles) expect(namesIn(JSON.stringify(message.body))).toHaveLength(1);
    expect(JSON.stringify(digest!.body)).toContain('3 monitors are down');
    const told = [...singles.flatMap((message) => namesIn(JSON.stringify(message.body))), ...namesIn(JSON.stringify(digest!.body))];
    expect(told.sort()).toEqual([...NAMES].sort());
    // Paced: one message a second to one Slack webhook.
    const times = slack.map((message) => Date.parse(message.received_at)).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `gap ${i}`).toBeGreaterThanOrEqual(1000);

    // The webhook: five signed events and one signed digest, every id once, every monitor once.
    const secret = new Webhook(hook.body.secret!);
    const payloads = hooks.map((request) => secret.verify(request.body, request.headers as Record<string, string>) as WebhookPayload | DigestWebhookPayload);
    expect(new Set(hooks.map((request) => request.headers['webhook-id'])).size).toBe(6);
    const digests = payloads.filter((payload): payload is DigestWebhookPayload => payload.type === 'incident.digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.data).toMatchObject({ headline: '3 monitors are down', counts: { down: 3, up: 0, other: 0 } });
    const webhookNames = payloads.flatMap((payload) =>
      payload.type === 'incident.digest' ? payload.data.events.map((event) => event.data.monitor.name) : [(payload as WebhookPayload).data.monitor.name],
    );
    expect(webhookNames.sort()).toEqual([...NAMES].sort());
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
