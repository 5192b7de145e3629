import { isDigest, type AlertDigest, type ChannelAlert, type ChannelMessage } from '../../../../shared/alerts/events.js';
import { fieldOf, jsonOf, outcomeOfAnswer, providerRequest } from './answer.js';
import type { ChannelSender, ProviderAnswer, SendOutcome } from './contract.js';
import { DIGEST_NOTICE, digestGroups, digestMoreLine } from './digest-parts.js';
import { clip, messageFacts, messageLinks, messageParagraphs, messageTitle, recommendedAction, TONE_EMOJI } from './message-parts.js';

/**
 * Telegram through a bot (docs/alerts.md "Channels"): one `sendMessage` to the chat, in Telegram's
 * HTML, with the links (and the acknowledgement) as links and no link preview.
 */

/** Telegram's HTML needs &, < and > escaped, and " inside an attribute. */
export const telegramEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The text of an alert in Telegram's HTML. Each part is clipped on its own (never the HTML as a
 * whole, which could cut a tag), so the whole stays under Telegram's 4096 characters.
 */
export const telegramText = (alert: ChannelAlert, timezone: string | null): string => {
  const action = recommendedAction(alert);
  const lines = [
    `<b>${TONE_EMOJI[alert.tone]} ${telegramEscape(clip(messageTitle(alert), 200))}</b>`,
    '',
    ...messageParagraphs(alert).flatMap((paragraph, i) => [alert.test && i === 0 ? `<i>${telegramEscape(paragraph)}</i>` : telegramEscape(clip(paragraph, 600)), '']),
    ...messageFacts(alert, timezone).map(([label, value]) => `<b>${telegramEscape(label)}:</b> ${telegramEscape(clip(value, 200))}`),
    ...(action ? ['', `<b>What to do:</b> ${telegramEscape(clip(action, 600))}`] : []),
    '',
    messageLinks(alert)
      .map((link) => `<a href="${telegramEscape(link.url)}">${telegramEscape(link.label)}</a>`)
      .join(' · '),
  ];
  return lines.join('\n');
};

/** A storm digest in Telegram's HTML: the headline, then each group's monitors as links. */
export const telegramDigestText = (digest: AlertDigest): string => {
  const more = digestMoreLine(digest);
  const lines = [
    `<b>${TONE_EMOJI[digest.tone]} ${telegramEscape(clip(digest.headline, 200))}</b>`,
    '',
    `<i>${telegramEscape(DIGEST_NOTICE)}</i>`,
    ...digestGroups(digest).flatMap((group) => [
      '',
      `<b>${telegramEscape(group.title)}</b>`,
      ...group.items.map((item) => `• <a href="${telegramEscape(item.url)}">${telegramEscape(clip(item.name, 80))}</a>: ${telegramEscape(clip(item.detail, 80))}`),
    ]),
    ...(more ? ['', telegramEscape(more)] : []),
    '',
    `<a href="${telegramEscape(digest.links.incidents)}">View incidents</a>`,
  ];
  return lines.join('\n');
};

/** The Bot API request of an alert or a digest. */
export const telegramRequestBody = (message: ChannelMessage, chatId: string, timezone: string | null) => ({
  chat_id: chatId,
  text: isDigest(message) ? telegramDigestText(message) : telegramText(message, timezone),
  parse_mode: 'HTML',
  link_preview_options: { is_disabled: true },
});

const descriptionOf = (answer: ProviderAnswer): string | undefined => {
  const description = fieldOf(jsonOf(answer), 'description');
  return typeof description === 'string' ? clip(description, 200) : undefined;
};

/** Telegram answers `{ok, result}` or `{ok: false, error_code, description, parameters}`. */
export const telegramOutcome = (answer: ProviderAnswer, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'Telegram',
    now,
    succeeded: ({ status }) => status >= 200 && status < 300 && fieldOf(jsonOf(answer), 'ok') === true,
    reference: () => {
      const id = fieldOf(fieldOf(jsonOf(answer), 'result'), 'message_id');
      return typeof id === 'number' ? String(id) : undefined;
    },
    bodyRetryAfter: () => {
      const seconds = fieldOf(fieldOf(jsonOf(answer), 'parameters'), 'retry_after');
      return typeof seconds === 'number' && seconds >= 0 ? Math.ceil(seconds) : undefined;
    },
    explain: ({ status }) => {
      const description = descriptionOf(answer);
      const said = description ? ` ${description}` : '';
      const migratedTo = fieldOf(fieldOf(jsonOf(answer), 'parameters'), 'migrate_to_chat_id');
      if (migratedTo !== undefined) return `Telegram says the group became a supergroup (${status}${said}): change this channel's chat id to ${String(migratedTo)}.`;
      if (status === 401 || status === 404) return `Telegram does not know this bot token (${status}${said}): copy the token from @BotFather again and update this channel.`;
      if (status === 403) return `Telegram says the bot may not post in this chat (403${said}): add the bot to the chat (or unblock it) and send a test.`;
      if (status === 400) return `Telegram rejected the message (400${said}): check the chat id, and that the bot is a member of the chat.`;
      if (status >= 200 && status < 300) return `Telegram did not accept the message (${status}${said}).`;
      return undefined;
    },
  });

export const telegramSender: ChannelSender<'telegram'> = {
  type: 'telegram',
  send: async (message, ctx, deps) => {
    const realUrl = `https://api.telegram.org/bot${ctx.config.bot_token}/sendMessage`;
    const answer = await deps.postJson(providerRequest(deps, 'telegram', realUrl, telegramRequestBody(message, ctx.config.chat_id, ctx.timezone)));
    return telegramOutcome(answer, deps.now());
  },
};
