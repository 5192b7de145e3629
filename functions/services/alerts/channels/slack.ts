import { IncomingWebhook, SlackWebhookError, type FetchFunction, type IncomingWebhookSendArguments } from '@slack/webhook';
import { isDigest, type AlertDigest, type ChannelAlert } from '../../../../shared/alerts/events.js';
import { ORIGINAL_URL_HEADER, outcomeOfAnswer } from './answer.js';
import type { ChannelSender, ProviderAnswer, SendOutcome, SenderDeps } from './contract.js';
import { DIGEST_NOTICE, digestGroups, digestSize } from './digest-parts.js';
import { clip, messageFacts, messageLinks, messageParagraphs, messageTitle, recommendedAction, TONE_EMOJI } from './message-parts.js';

/**
 * Slack through an incoming webhook (docs/alerts.md "Channels"): a Block Kit message sent with
 * `@slack/webhook`, whose fetch goes through `postJson` (the dial-time SSRF guard, the delivery
 * timeout, the local sink), and Slack's error codes put into words a user can act on.
 */

/** Slack's mrkdwn needs only these three escaped (https://api.slack.com/reference/surfaces/formatting#escaping). */
export const slackEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Block Kit message of an alert, with `text` as the notification's fallback. */
export const slackMessage = (alert: ChannelAlert, timezone: string | null): IncomingWebhookSendArguments => {
  const title = `${TONE_EMOJI[alert.tone]} ${messageTitle(alert)}`;
  const action = recommendedAction(alert);
  const links = messageLinks(alert);
  return {
    text: clip(slackEscape(`${messageTitle(alert)}: ${alert.incident.message}`), 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(title, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(messageParagraphs(alert).map(slackEscape).join('\n\n'), 3000) } },
      {
        type: 'section',
        // Block Kit takes ten fields at most.
        fields: messageFacts(alert, timezone)
          .slice(0, 10)
          .map(([label, value]) => ({ type: 'mrkdwn' as const, text: clip(`*${label}*\n${slackEscape(value)}`, 2000) })),
      },
      ...(action ? [{ type: 'section' as const, text: { type: 'mrkdwn' as const, text: clip(`*What to do*\n${slackEscape(action)}`, 3000) } }] : []),
      {
        type: 'actions',
        elements: links.map((link, i) => ({
          type: 'button' as const,
          text: { type: 'plain_text' as const, text: link.label },
          url: link.url,
          action_id: link.label === 'Acknowledge' ? 'acknowledge' : 'view',
          ...(i === 0 && alert.tone === 'alert' ? { style: 'danger' as const } : {}),
          ...(link.label === 'Acknowledge' ? { style: 'primary' as const } : {}),
        })),
      },
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
};

/** Lines of a digest list per Block Kit section (a section's text holds 3,000 characters). */
const DIGEST_LINES_PER_SECTION = 20;

/**
 * A storm digest as Block Kit: the headline as the header, then every monitor of it, a group at a
 * time in sections of 20 lines (a digest holds at most DIGEST_MAX_MEMBERS, well within Slack's 50
 * blocks), and one button to the incidents.
 */
export const slackDigestMessage = (digest: AlertDigest): IncomingWebhookSendArguments => {
  const sections = digestGroups(digest, digestSize(digest)).flatMap((group) => {
    const lines = group.items.map((item) => `• <${item.url}|${slackEscape(item.name)}>: ${slackEscape(item.detail)}`);
    const chunks: string[][] = [];
    for (let i = 0; i < lines.length; i += DIGEST_LINES_PER_SECTION) chunks.push(lines.slice(i, i + DIGEST_LINES_PER_SECTION));
    return chunks.map((chunk, i) => ({
      type: 'section' as const,
      text: { type: 'mrkdwn' as const, text: clip(`${i === 0 ? `*${group.title}*\n` : ''}${chunk.join('\n')}`, 3000) },
    }));
  });
  return {
    text: clip(slackEscape(digest.headline), 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(`${TONE_EMOJI[digest.tone]} ${digest.headline}`, 150), emoji: true } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: DIGEST_NOTICE }] },
      ...sections,
      {
        type: 'actions',
        elements: [{ type: 'button' as const, text: { type: 'plain_text' as const, text: 'View incidents' }, url: digest.links.incidents, action_id: 'view' }],
      },
    ],
    unfurl_links: false,
    unfurl_media: false,
  };
};

/** Slack's error codes (https://api.slack.com/messaging/webhooks#handling_errors) in words a user can act on. */
const SLACK_ERRORS: Record<string, string> = {
  no_service: 'Slack says the webhook no longer exists (no_service): create a new incoming webhook and update this channel.',
  no_team: 'Slack says the webhook\'s workspace no longer exists (no_team): create a new incoming webhook and update this channel.',
  team_disabled: 'Slack says the webhook\'s workspace is disabled (team_disabled): create a webhook in another workspace and update this channel.',
  channel_not_found:
    'Slack cannot find the webhook\'s channel (channel_not_found): it may have been deleted; create a new incoming webhook and update this channel.',
  channel_is_archived:
    'Slack says the webhook\'s channel is archived (channel_is_archived): unarchive it, or create a webhook for another channel and update this channel.',
  action_prohibited:
    'Slack says a workspace admin does not allow this webhook to post (action_prohibited): ask them to allow it, or create a new incoming webhook.',
  invalid_token:
    'Slack says the webhook\'s token is no longer valid (invalid_token): the Slack app may have been removed; create a new incoming webhook and update this channel.',
  posting_to_general_channel_denied:
    'Slack lets only admins post in this channel (posting_to_general_channel_denied): make the webhook post to another channel.',
  user_not_found: 'Slack cannot find the user this webhook posts to (user_not_found): create a new incoming webhook and update this channel.',
};

/** What Slack's answer means: 200 `ok` is delivered; its error codes become the sentences above. */
export const slackOutcome = (answer: ProviderAnswer, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'Slack',
    now,
    explain: ({ status, body }, retryAfter) => {
      const code = body.trim();
      if (status === 429) return `Slack asked us to slow down (429 ${code || 'rate_limited'}); we try again ${retryAfter === undefined ? 'later' : `in ${retryAfter} s`}.`;
      if (status >= 500) return `Slack had a problem on its side (${status}${code ? ` ${clip(code, 80)}` : ''}); we try again.`;
      const known = SLACK_ERRORS[code];
      if (known) return known;
      if (status === 404) return `Slack says the webhook no longer exists (404 ${clip(code, 80)}): create a new incoming webhook and update this channel.`;
      if (status === 400) return `Slack rejected the message (400 ${clip(code, 80)}).`;
      return undefined;
    },
  });

type FetchResponse = Awaited<ReturnType<FetchFunction>>;

/** A fetch Response made of what `postJson` answered, for `IncomingWebhook` to read. */
const fetchResponseOf = (answer: ProviderAnswer & { status: number }, url: string): FetchResponse => {
  const headers = new Headers(answer.headers);
  return {
    ok: answer.status >= 200 && answer.status < 300,
    status: answer.status,
    statusText: '',
    url,
    headers: { get: (name) => headers.get(name), entries: () => headers.entries() },
    arrayBuffer: () => Promise.resolve(new TextEncoder().encode(answer.body).buffer),
    json: () => Promise.resolve(JSON.parse(answer.body) as unknown),
    text: () => Promise.resolve(answer.body),
  };
};

export const slackSender: ChannelSender<'slack'> = {
  type: 'slack',
  send: async (message, ctx, deps: SenderDeps) => {
    const realUrl = ctx.config.webhook_url;
    let answer: ProviderAnswer | null = null;
    // IncomingWebhook builds and posts the message; the request itself goes through postJson.
    const url = deps.providerUrl('slack', realUrl);
    const fetch: FetchFunction = async (target, init) => {
      const headers = { ...init?.headers, ...(url !== realUrl ? { [ORIGINAL_URL_HEADER]: realUrl } : {}) };
      answer = await deps.postJson({ url: String(target), headers, body: String(init?.body ?? '') });
      if (answer.status === null) throw new Error(answer.error ?? 'no answer');
      return fetchResponseOf(answer as ProviderAnswer & { status: number }, String(target));
    };
    const webhook = new IncomingWebhook(url, { fetch, retryConfig: { retries: 0 } });
    try {
      await webhook.send(isDigest(message) ? slackDigestMessage(message) : slackMessage(message, ctx.timezone));
    } catch (error) {
      // A failed answer is an outcome, read from what postJson answered; anything else is a bug.
      if (!(error instanceof SlackWebhookError) || answer === null) throw error;
    }
    if (answer === null) throw new Error('IncomingWebhook sent nothing');
    return slackOutcome(answer, deps.now());
  },
};
