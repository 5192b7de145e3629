import { isDigest, type AlertDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { fieldOf, jsonOf, outcomeOfAnswer, providerRequest } from './answer.js';
import type { ChannelSender, ProviderAnswer, SendOutcome } from './contract.js';
import { DIGEST_NOTICE, digestGroups, digestSize } from './digest-parts.js';
import { clip, messageFacts, messageLinks, messageParagraphs, messageTitle, recommendedAction } from './message-parts.js';

/**
 * Microsoft Teams through a Workflows webhook (docs/alerts.md "Channels"): an Adaptive Card 1.4 in
 * the envelope the "When a Teams webhook request is received" trigger takes, which it posts to
 * the channel as it is.
 */

const TONE_COLOUR: Record<ChannelAlert['tone'], 'Attention' | 'Warning' | 'Good'> = { alert: 'Attention', warning: 'Warning', ok: 'Good' };

const textBlock = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'TextBlock', text, wrap: true, ...extra });

/** An Adaptive Card 1.4 of `body` and `actions`, in the workflow webhook's message envelope. */
const adaptiveCardMessage = <Element>(body: Element[], actions: { type: 'Action.OpenUrl'; title: string; url: string }[]) => ({
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        msteams: { width: 'Full' },
        body,
        actions,
      },
    },
  ],
});

/** The Adaptive Card of an alert. */
export const teamsMessage = (alert: ChannelAlert, timezone: string | null) => {
  const [first, ...rest] = messageParagraphs(alert);
  const action = recommendedAction(alert);
  return adaptiveCardMessage(
    [
      textBlock(clip(messageTitle(alert), 300), { size: 'Large', weight: 'Bolder', color: TONE_COLOUR[alert.tone], style: 'heading' }),
      textBlock(first ?? '', alert.test ? { weight: 'Bolder', color: 'Accent' } : {}),
      ...rest.map((paragraph) => textBlock(paragraph, { isSubtle: true, spacing: 'Small' })),
      { type: 'FactSet', facts: messageFacts(alert, timezone).map(([title, value]) => ({ title, value })) },
      ...(action ? [textBlock('What to do', { weight: 'Bolder', spacing: 'Medium' }), textBlock(action, { spacing: 'Small' })] : []),
    ],
    messageLinks(alert).map((link) => ({ type: 'Action.OpenUrl', title: link.label, url: link.url })),
  );
};

/** A storm digest as an Adaptive Card: the headline, then each group's monitors, and one button to the incidents. */
export const teamsDigestMessage = (digest: AlertDigest) =>
  adaptiveCardMessage(
    [
      textBlock(clip(digest.headline, 300), { size: 'Large', weight: 'Bolder', color: TONE_COLOUR[digest.tone], style: 'heading' }),
      textBlock(DIGEST_NOTICE, { isSubtle: true }),
      ...digestGroups(digest, digestSize(digest)).flatMap((group) => [
        textBlock(group.title, { weight: 'Bolder', spacing: 'Medium' }),
        textBlock(group.items.map((item) => `- [${item.name}](${item.url}): ${item.detail}`).join('\n'), { spacing: 'Small' }),
      ]),
    ],
    [{ type: 'Action.OpenUrl', title: 'View incidents', url: digest.links.incidents }],
  );

/** Teams workflows answer `{error: {code, message}}`: the code and message, with what to do about the usual ones. */
export const teamsOutcome = (answer: ProviderAnswer, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'Microsoft Teams',
    now,
    explain: ({ status }) => {
      const error = fieldOf(jsonOf(answer), 'error');
      const code = fieldOf(error, 'code');
      const said = typeof code === 'string' ? ` ${code}` : '';
      if (status === 404) return `Microsoft Teams says the workflow no longer exists (404${said}): create a new workflow webhook and update this channel.`;
      if (status === 401 || status === 403) {
        return `Microsoft Teams' workflow refused the message (${status}${said}): set its trigger to accept requests from anyone, or create a new workflow webhook.`;
      }
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        const message = fieldOf(error, 'message');
        return `Microsoft Teams rejected the message (${status}${said}${typeof message === 'string' ? `: ${clip(message, 160)}` : ''}).`;
      }
      return undefined;
    },
  });

export const teamsSender: ChannelSender<'teams'> = {
  type: 'teams',
  send: async (message, ctx, deps) => {
    const body = isDigest(message) ? teamsDigestMessage(message) : teamsMessage(message, ctx.timezone);
    const answer = await deps.postJson(providerRequest(deps, 'teams', ctx.config.webhook_url, body));
    return teamsOutcome(answer, deps.now());
  },
};
