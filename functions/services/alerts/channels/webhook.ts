import { Webhook } from 'standardwebhooks';
import { digestWebhookPayload, isDigest, webhookPayload } from '../../../../shared/alerts/events.js';
import { outcomeOfAnswer } from './answer.js';
import type { ChannelSender, OutgoingRequest, ProviderAnswer, SendOutcome } from './contract.js';

/**
 * A generic webhook (docs/alerts.md "Verifying signatures"): the alert as the Standard Webhooks
 * payload `{type, timestamp, data}`, signed with every current secret of the channel, so during a
 * rotation a receiver holding either secret can verify it.
 */

export const WEBHOOK_USER_AGENT = 'Upwatch-Webhooks/1';

/**
 * The signed request: `webhook-id` is the delivery's (the same on every retry, for the receiver's
 * de-duplication), `webhook-timestamp` the send time in Unix seconds, and `webhook-signature` one
 * `v1,<base64>` per secret, space-separated.
 */
export const signedWebhookRequest = (opts: { url: string; body: string; deliveryId: string; secrets: readonly string[]; now: Date }): OutgoingRequest => {
  if (opts.secrets.length === 0) throw new Error('A webhook channel has no signing secret');
  const timestamp = new Date(Math.floor(opts.now.getTime() / 1000) * 1000);
  const signatures = opts.secrets.map((secret) => new Webhook(secret).sign(opts.deliveryId, timestamp, opts.body));
  return {
    url: opts.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': opts.deliveryId,
      'webhook-timestamp': String(timestamp.getTime() / 1000),
      'webhook-signature': signatures.join(' '),
    },
    body: opts.body,
  };
};

/** Any 2xx is received; 410 Gone means the receiver wants no more; a redirect is not followed. */
export const webhookOutcome = (answer: ProviderAnswer, now: Date): SendOutcome =>
  outcomeOfAnswer(answer, {
    provider: 'The receiver',
    now,
    explain: ({ status }) => {
      if (status === 410) return 'The receiver answered 410 Gone: it asked us to stop. Point this channel at a new URL, or delete it.';
      if (status >= 300 && status < 400) return `The receiver answered ${status} (a redirect), which we do not follow: set this channel's URL to the final address.`;
      return undefined;
    },
  });

export const webhookSender: ChannelSender<'webhook'> = {
  type: 'webhook',
  send: async (message, ctx, deps) => {
    const now = deps.now();
    const request = signedWebhookRequest({
      url: ctx.config.url,
      body: JSON.stringify(isDigest(message) ? digestWebhookPayload(message) : webhookPayload(message)),
      deliveryId: ctx.deliveryId,
      secrets: ctx.signingSecrets,
      now,
    });
    return webhookOutcome(await deps.postJson(request), deps.now());
  },
};
