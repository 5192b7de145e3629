import { isDigest, type AlertDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { fieldOf, jsonOf, outcomeOfAnswer, providerRequest } from './answer.js';
import type { ChannelSender, ProviderAnswer, SendOutcome } from './contract.js';
import { DIGEST_NOTICE, digestGroups, digestMoreLine } from './digest-parts.js';
import { clip, messageFacts, messageLinks, messageParagraphs, messageTitle, recommendedAction, TONE_EMOJI, TONE_RGB } from './message-parts.js';

/**
 * Discord through a channel webhook (docs/alerts.md "Channels"): one embed coloured by the alert's
 * tone, and a short `content` line for the notification. Mentions are off, so a monitor named
 * "@everyone" pings no one.
 */

/**
 * Discord's markdown, escaped with backslashes, so a monitor's name is shown as typed: emphasis,
 * code, spoilers and link brackets anywhere, quotes, headings and lists at the start of a line.
 */
export const discordEscape = (text: string): string => text.replace(/([\\*_~`|[\]])/g, '\\$1').replace(/^([>#-])/gm, '\\$1');

/** The webhook message of an alert (https://discord.com/developers/docs/resources/webhook#execute-webhook). */
export const discordMessage = (alert: ChannelAlert, timezone: string | null) => {
  const action = recommendedAction(alert);
  const links = messageLinks(alert)
    .map((link) => `[${link.label}](${link.url})`)
    .join(' · ');
  return {
    content: clip(`${TONE_EMOJI[alert.tone]} ${discordEscape(messageTitle(alert))}`, 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(messageTitle(alert), 256),
        description: clip(messageParagraphs(alert).map(discordEscape).join('\n\n'), 4096),
        url: alert.links.incident,
        color: TONE_RGB[alert.tone],
        timestamp: alert.occurred_at,
        fields: [
          ...messageFacts(alert, timezone).map(([name, value]) => ({ name, value: clip(discordEscape(value), 1024), inline: name !== 'Regions' })),
          ...(action ? [{ name: 'What to do', value: clip(discordEscape(action), 1024), inline: false }] : []),
          { name: 'Links', value: links, inline: false },
        ].slice(0, 25),
        footer: { text: 'Upwatch' },
      },
    ],
  };
};

/** A storm digest as one embed: the headline, then a field per group listing its monitors as links. */
export const discordDigestMessage = (digest: AlertDigest) => {
  const more = digestMoreLine(digest);
  return {
    content: clip(`${TONE_EMOJI[digest.tone]} ${discordEscape(digest.headline)}`, 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(digest.headline, 256),
        description: clip([DIGEST_NOTICE, ...(more ? [more] : [])].join('\n\n'), 4096),
        url: digest.links.incidents,
        color: TONE_RGB[digest.tone],
        timestamp: digest.occurred_at,
        fields: digestGroups(digest).map((group) => ({
          name: group.title,
          value: clip(group.items.map((item) => `[${discordEscape(item.name)}](${item.url}): ${discordEscape(item.detail)}`).join('\n'), 1024),
          inline: false,
        })),
        footer: { text: 'Upwatch' },
      },
    ],
  };
};

/** A 429's wait: Discord puts `retry_after` (seconds, a fraction) in the body, and Retry-After in the headers. */
const bodyRetryAfter = (answer: ProviderAnswer): number | undefined => {
  const seconds = fieldOf(jsonOf(answer), 'retry_after');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
};

export const discordOutcome = (answer: ProviderAnswer, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'Discord',
    now,
    bodyRetryAfter,
    explain: ({ status }) => {
      const message = fieldOf(jsonOf(answer), 'message');
      const said = typeof message === 'string' ? ` ${clip(message, 120)}` : '';
      if (status === 404) return `Discord says the webhook no longer exists (404${said}): create a new webhook and update this channel.`;
      if (status === 401 || status === 403) return `Discord refused the webhook (${status}${said}): create a new webhook and update this channel.`;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) return `Discord rejected the message (${status}${said}).`;
      return undefined;
    },
  });

export const discordSender: ChannelSender<'discord'> = {
  type: 'discord',
  send: async (message, ctx, deps) => {
    const body = isDigest(message) ? discordDigestMessage(message) : discordMessage(message, ctx.timezone);
    const answer = await deps.postJson(providerRequest(deps, 'discord', ctx.config.webhook_url, body));
    return discordOutcome(answer, deps.now());
  },
};
