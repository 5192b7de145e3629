import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { discordDigestMessage, discordSender } from '../../../../../functions/services/alerts/channels/discord.js';
import { channelDigestEmail, emailSender } from '../../../../../functions/services/alerts/channels/email.js';
import { pagerdutySender } from '../../../../../functions/services/alerts/channels/pagerduty.js';
import { slackDigestMessage, slackSender } from '../../../../../functions/services/alerts/channels/slack.js';
import { gsmLength, SMS_LIMIT, smsDigestText, smsSender } from '../../../../../functions/services/alerts/channels/sms.js';
import { teamsDigestMessage } from '../../../../../functions/services/alerts/channels/teams.js';
import { telegramDigestText } from '../../../../../functions/services/alerts/channels/telegram.js';
import { webhookSender } from '../../../../../functions/services/alerts/channels/webhook.js';
import { alertDigest } from '../../../../../functions/services/alerts/storm-rules.js';
import type { AlertDigest, ChannelAlert, DigestWebhookPayload } from '../../../../../shared/alerts/events.js';
import { answer, APP_URL, context, downAlert, fakeDeps, SLACK_URL, upAlert } from './fixtures.js';

/** A storm digest in every channel (docs/alerts.md "Storms and pacing"): one message that names each monitor once. */

const named = (name: string, alert: ChannelAlert = downAlert()): ChannelAlert => ({ ...alert, monitor: { ...alert.monitor, name } });
const NAMES = Array.from({ length: 40 }, (_, i) => `Site ${i + 1}`);
const storm = (): AlertDigest => alertDigest([...NAMES.map((name) => named(name)), named('Blog', upAlert())], APP_URL);

/** How often a monitor's name is in a text ("Site 1" not counted in "Site 12"). */
const countOf = (text: string, name: string) => text.match(new RegExp(`${name}(?!\\d)`, 'g'))?.length ?? 0;

describe('storm digests', () => {
  it('Slack: a header with the headline, every monitor as a link once, one button to the incidents', () => {
    const message = slackDigestMessage(storm());
    const text = JSON.stringify(message);
    expect(message.blocks?.[0]).toMatchObject({ type: 'header', text: { text: '🔴 40 monitors are down, 1 is back up' } });
    for (const name of [...NAMES, 'Blog']) expect(text.split(`|${name}>`).length - 1, name).toBe(1);
    expect(text).toContain('*Down (40)*');
    expect(text).toContain('*Back up (1)*');
    expect(message.blocks!.length).toBeLessThanOrEqual(50);
    expect(message.blocks!.at(-1)).toMatchObject({ type: 'actions', elements: [{ url: `${APP_URL}/app/incidents` }] });
  });

  it('Slack sends it through the same webhook', async () => {
    const { deps, requests } = fakeDeps(answer(200, 'ok'));
    expect(await slackSender.send(storm(), context<'slack'>({ webhook_url: SLACK_URL }), deps)).toMatchObject({ ok: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toContain('40 monitors are down');
  });

  it('Discord and Telegram list 25 and count the rest; Teams lists all', () => {
    const discord = JSON.stringify(discordDigestMessage(storm()));
    expect(discord).toContain('and 16 more');
    expect(discord).toContain('[Site 1](');
    const telegram = telegramDigestText(storm());
    expect(telegram).toContain('<b>🔴 40 monitors are down, 1 is back up</b>');
    expect(telegram).toContain('and 16 more');
    expect(telegram.length).toBeLessThan(4096);
    const teams = JSON.stringify(teamsDigestMessage(storm()));
    for (const name of [...NAMES, 'Blog']) expect(teams, name).toContain(`[${name}](`);
  });

  it('Discord sends one message', async () => {
    const { deps, requests } = fakeDeps(answer(204));
    await discordSender.send(storm(), context<'discord'>({ webhook_url: 'https://discord.com/api/webhooks/1/abc' }), deps);
    expect(requests).toHaveLength(1);
  });

  it('SMS: one short text with the first names, how many more, and the link whole', async () => {
    const text = smsDigestText(storm());
    expect(text).toMatch(/^Upwatch: 40 monitors are down, 1 is back up: Site 1, Site 2.* and \d+ more\. https:\/\/app\.example\.com\/app\/incidents$/);
    expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
    const { deps, sms } = fakeDeps();
    await smsSender.send(storm(), context<'sms'>({ phone: '+14155550123' }), deps);
    expect(sms).toEqual([{ phone: '+14155550123', text }]);
  });

  it('e-mail: one mail whose table lists every monitor', async () => {
    const mail = channelDigestEmail(storm(), { to: 'ops@example.com', accountEmail: 'owner@example.com' });
    expect(mail.subject).toBe('40 monitors are down, 1 is back up');
    for (const name of [...NAMES, 'Blog']) expect(countOf(mail.text, name), name).toBe(1);
    expect(mail.text).toContain('Back up: back up after');
    const { deps, mails } = fakeDeps();
    await emailSender.send(storm(), context<'email'>({ address: 'ops@example.com' }), deps);
    expect(mails).toHaveLength(1);
  });

  it('a webhook gets the signed incident.digest event with each transition as its own event', async () => {
    const secret = `whsec_${Buffer.from('a secret of thirty-two bytes long!').toString('base64')}`;
    const { deps, requests } = fakeDeps(answer(204), new Date());
    await webhookSender.send(storm(), context<'webhook'>({ url: 'https://hooks.example.com/x' }, { signingSecrets: [secret] }), deps);
    const payload = new Webhook(secret).verify(requests[0]!.body, requests[0]!.headers) as DigestWebhookPayload;
    expect(payload).toMatchObject({ type: 'incident.digest', data: { headline: '40 monitors are down, 1 is back up', counts: { down: 40, up: 1, other: 0 } } });
    expect(payload.data.events.map((event) => event.data.monitor.name)).toEqual([...NAMES, 'Blog']);
    expect(requests[0]!.headers['webhook-id']).toBe('msg_01HZZZDELIVERY');
  });

  it('PagerDuty is never sent one: it wants one trigger per incident', async () => {
    const { deps } = fakeDeps();
    await expect(pagerdutySender.send(storm(), context<'pagerduty'>({ routing_key: 'R'.repeat(32) }), deps)).rejects.toThrow(/never sent a storm digest/);
  });
});
