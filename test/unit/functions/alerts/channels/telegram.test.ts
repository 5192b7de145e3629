import { describe, expect, it } from 'vitest';
import { telegramOutcome, telegramRequestBody, telegramSender, telegramText } from '../../../../../functions/services/alerts/channels/telegram.js';
import { sampleChannelAlert } from '../../../../../functions/services/alerts/channel-alert.js';
import { ACK_URL, answer, APP_URL, context, downAlert, fakeDeps, NOW, upAlert } from './fixtures.js';

const BOT_TOKEN = '123456789:AAEabcdefghijklmnopqrstuvwxyz012345';

describe('telegramText', () => {
  it('writes the alert in Telegram\'s HTML, escaped, with the links as links', () => {
    const text = telegramText(downAlert({ monitorName: 'Shop <b>&</b>' }), 'UTC');
    expect(text.split('\n')[0]).toBe('<b>🔴 Shop &lt;b&gt;&amp;&lt;/b&gt; is down</b>');
    expect(text).toContain('Your website is down: your server is refusing connections.');
    expect(text).toContain('<b>Monitor:</b> Shop &lt;b&gt;&amp;&lt;/b&gt;');
    expect(text).toContain('<b>Regions:</b> Down in: eu-west-1, us-east-1 · Up in: ap-south-1');
    expect(text).toMatch(/<b>What to do:<\/b> Check that your web server/);
    expect(text.split('\n').at(-1)).toBe(`<a href="${APP_URL}/app/incidents/01HZZZINCIDENT">View incident</a> · <a href="${ACK_URL}">Acknowledge</a>`);
    expect(text).not.toContain('<b>&');
  });

  it('marks a test in italics under the headline and leaves the acknowledgement off a recovery', () => {
    const test = telegramText(sampleChannelAlert({ appUrl: APP_URL, now: NOW }), null);
    expect(test.split('\n')[0]).toBe('<b>🔴 [Test] Example Website is down</b>');
    expect(test.split('\n')[2]).toMatch(/^<i>This is a test alert with sample data/);
    expect(telegramText(upAlert(), null)).not.toContain('Acknowledge');
  });
});

describe('telegramSender', () => {
  it('calls sendMessage of the bot with HTML and no link preview', async () => {
    const { deps, requests } = fakeDeps(answer(200, '{"ok":true,"result":{"message_id":77}}'));
    const outcome = await telegramSender.send(downAlert(), context<'telegram'>({ bot_token: BOT_TOKEN, chat_id: '-1001234567890' }), deps);
    expect(outcome).toEqual({ ok: true, httpStatus: 200, latencyMs: 42, providerReference: '77' });
    expect(requests[0]!.url).toBe(`https://api.telegram.org/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(requests[0]!.body)).toEqual(telegramRequestBody(downAlert(), '-1001234567890', null));
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  });
});

describe('telegramOutcome', () => {
  const outcome = (status: number, body: unknown, headers: Record<string, string> = {}) => telegramOutcome(answer(status, JSON.stringify(body), headers), NOW);

  it('reads retry_after from a 429 and gives up on 400 and 403 with Telegram\'s description', () => {
    expect(outcome(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } })).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterSeconds: 5,
    });
    expect(outcome(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' })).toMatchObject({
      ok: false,
      retryable: false,
      error: 'Telegram rejected the message (400 Bad Request: chat not found): check the chat id, and that the bot is a member of the chat.',
    });
    expect(outcome(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })).toMatchObject({
      retryable: false,
      error: expect.stringContaining('Forbidden: bot was blocked by the user'),
    });
    expect(outcome(401, { ok: false, error_code: 401, description: 'Unauthorized' })).toMatchObject({ retryable: false, error: expect.stringContaining('@BotFather') });
    expect(outcome(400, { ok: false, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters: { migrate_to_chat_id: -100987 } })).toMatchObject({
      retryable: false,
      error: expect.stringContaining("change this channel's chat id to -100987"),
    });
    expect(outcome(200, { ok: false, description: 'odd' })).toMatchObject({ ok: false, retryable: false });
    expect(outcome(502, {})).toMatchObject({ retryable: true });
  });
});
