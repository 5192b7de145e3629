import { describe, expect, it } from 'vitest';
import { discordEscape, discordMessage, discordOutcome, discordSender } from '../../../../../functions/services/alerts/channels/discord.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, answer, APP_URL, context, downAlert, fakeDeps, NOW, slowAlert, upAlert } from './fixtures.js';

const DISCORD_URL = 'https://discord.com/api/webhooks/123456/token-abc';

describe('discordMessage', () => {
  it('sends one embed coloured by tone, with the facts and links, and a short content line', () => {
    const message = discordMessage(downAlert({ monitorName: 'Shop_*1*' }), 'UTC');
    expect(message.content).toBe('🔴 Shop\\_\\*1\\* is down');
    expect(message.allowed_mentions).toEqual({ parse: [] });
    const [embed] = message.embeds;
    expect(embed).toMatchObject({ title: 'Shop_*1* is down', url: `${APP_URL}/app/incidents/01HZZZINCIDENT`, color: 0xdc2626, timestamp: downAlert().occurred_at });
    expect(embed!.description).toContain('Your website is down: your server is refusing connections.');
    expect(embed!.fields).toContainEqual({ name: 'Monitor', value: 'Shop\\_\\*1\\*', inline: true });
    expect(embed!.fields).toContainEqual({ name: 'Regions', value: 'Down in: eu-west-1, us-east-1 · Up in: ap-south-1', inline: false });
    expect(embed!.fields.find((field) => field.name === 'What to do')?.value).toMatch(/^Check that your web server/);
    expect(embed!.fields.at(-1)).toEqual({ name: 'Links', value: `[View incident](${APP_URL}/app/incidents/01HZZZINCIDENT) · [Acknowledge](${ACK_URL})`, inline: false });
  });

  it('escapes markdown so a name shows as typed', () => {
    expect(discordEscape('# [a](b) *c* - d')).toBe('\\# \\[a\\](b) \\*c\\* - d');
  });

  it('colours a slow alert amber and a recovery green, and marks a test', () => {
    expect(discordMessage(slowAlert(), null).embeds[0]!.color).toBe(0xd97706);
    expect(discordMessage(upAlert(), null).embeds[0]!.color).toBe(0x16a34a);
    const test = discordMessage(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), null);
    expect(test.embeds[0]!.title).toBe('[Test] Example Website is down');
    expect(test.embeds[0]!.description).toMatch(/^This is a test alert with sample data/);
  });
});

describe('discordOutcome', () => {
  it('takes 204 and 200, reads retry_after from a 429\'s body, and names a removed webhook', () => {
    expect(discordOutcome(answer(204), NOW)).toMatchObject({ ok: true, httpStatus: 204 });
    expect(discordOutcome(answer(200, '{"id":"1"}'), NOW)).toMatchObject({ ok: true });
    expect(discordOutcome(answer(429, '{"message":"You are being rate limited.","retry_after":2.35,"global":false}'), NOW)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterSeconds: 3,
    });
    expect(discordOutcome(answer(429, 'not json', { 'Retry-After': '4' }), NOW)).toMatchObject({ retryable: true, retryAfterSeconds: 4 });
    expect(discordOutcome(answer(404, '{"message":"Unknown Webhook","code":10015}'), NOW)).toMatchObject({
      retryable: false,
      error: 'Discord says the webhook no longer exists (404 Unknown Webhook): create a new webhook and update this channel.',
    });
    expect(discordOutcome(answer(400, '{"message":"Cannot send an empty message","code":50006}'), NOW)).toMatchObject({
      retryable: false,
      error: 'Discord rejected the message (400 Cannot send an empty message).',
    });
    expect(discordOutcome(answer(500), NOW)).toMatchObject({ retryable: true });
  });
});

describe('discordSender', () => {
  it('posts the message to the webhook URL', async () => {
    const { deps, requests } = fakeDeps(answer(204));
    expect(await discordSender.send(downAlert(), context<'discord'>({ webhook_url: DISCORD_URL }), deps)).toMatchObject({ ok: true });
    expect(requests[0]!.url).toBe(DISCORD_URL);
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ embeds: [{ title: 'Shop is down' }] });
  });
});
