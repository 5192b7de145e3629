import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedChannel } from '../../shared/alerts/schemas.js';
import type { DigestWebhookPayload, WebhookPayload } from '../../shared/alerts/events.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { api } from './helpers/api.js';
import {
  deleteTableItem,
  itemsInPartition,
  madeUpDownAlert,
  patchTableItem,
  putOutboxEntry,
  sendToAlertsQueue,
  waitFor,
  waitForOutboxStatus,
} from './helpers/pipeline.js';

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

  it('sends a digest written in the old shape (its members listed in the item), pending when the new code came, with its list and the members that joined since', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `Old shape shop ${String.fromCharCode(65 + i)}`);
    const user = await userWithId('storm-old-shape');
    expect((await as(`/api/admin/users/${user.id}/upgrade`, { method: 'POST', body: { tier: 'business' } })).status).toBe(200);
    const slackUrl = `https://hooks.slack.com/services/T000/B000/old${Date.now()}`;
    expect((await api('/api/channels', { method: 'POST', token: user.token, body: { type: 'slack', name: 'Slack', config: { webhook_url: slackUrl } } })).status).toBe(201);
    const fanOut = async (alert: ReturnType<typeof madeUpDownAlert>, i: number) => {
      const entry = { userId: user.id, monitorName: names[i]!, monitorUrl: `https://old${i}.example.com/`, alert };
      await putOutboxEntry(entry);
      await sendToAlertsQueue({ kind: 'alert', ...entry });
    };
    const alerts = names.map(() => madeUpDownAlert());
    // Seven transitions: five alone, two join the digest (member items).
    await Promise.all(alerts.slice(0, 7).map(fanOut));
    await Promise.all(alerts.slice(0, 7).map((alert) => waitForOutboxStatus(alert.transitionId, 'sent')));
    const partition = `USER#${user.id}`;
    const members = await waitFor('two digest members', async () => {
      const found = (await itemsInPartition(partition)).filter((item) => String(item.SK).startsWith('DIGEST_MEMBER#'));
      return found.length === 2 && found;
    });
    const digest = (await itemsInPartition(partition)).find((item) => String(item.SK).includes('#digest-'))!;
    expect(digest).toMatchObject({ status: 'pending', attempts: 0, member_count: 2 });
    // Rewritten as the old code kept it: the alerts in the item's list and their ids in a set, no member items.
    await patchTableItem(
      { PK: partition, SK: String(digest.SK) },
      { members: members.map((member) => member.alert), member_ids: new Set(members.map((member) => String(member.transition_id))) },
    );
    for (const member of members) await deleteTableItem({ PK: partition, SK: String(member.SK) });

    // The eighth joins it as an item of its own; a listed one fanned out again joins nothing.
    await fanOut(alerts[7]!, 7);
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: names[0]!, monitorUrl: 'https://old0.example.com/', alert: alerts[0]! });
    const listed = alerts.find((alert) => alert.transitionId === members[0]!.transition_id)!;
    await sendToAlertsQueue({ kind: 'alert', userId: user.id, monitorName: names[alerts.indexOf(listed)]!, monitorUrl: 'https://old.example.com/', alert: listed });
    await waitForOutboxStatus(alerts[7]!.transitionId, 'sent');

    const slack = await waitFor('five Slack alerts and a digest', async () => {
      const messages = await slackMessagesTo(slackUrl);
      return messages.length >= 6 && messages;
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await slackMessagesTo(slackUrl)).toHaveLength(6);
    const inMessage = (message: SinkMessage) => names.filter((name) => JSON.stringify(message.body).includes(name));
    const [sent, ...singles] = [...slack].sort((a, b) => inMessage(b).length - inMessage(a).length);
    expect(JSON.stringify(sent!.body)).toContain('3 monitors are down');
    const told = [...singles.flatMap(inMessage), ...inMessage(sent!)];
    expect(told.sort()).toEqual([...names].sort());
    const after = (await itemsInPartition(partition)).find((item) => item.SK === digest.SK)!;
    expect(after).toMatchObject({ status: 'delivered', member_count: 3 });
  }, 120_000);
});
