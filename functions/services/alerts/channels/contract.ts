import type { ChannelMessage } from '../../../../shared/alerts/events.js';
import type { ChannelConfigOf, ChannelType } from '../../../../shared/alerts/channels/index.js';

/**
 * How one channel type sends (docs/alerts.md "Adding a channel type"): each type's module
 * (slack.ts, webhook.ts, ...) fills this contract and is registered in index.ts beside the
 * shared definition (shared/alerts/channels/). A sender never throws for a provider's answer: it
 * says what happened as a `SendOutcome`; only a fault of our own (a bug) is an exception.
 */

/** An HTTP request a sender makes; `postJson` dials it through the SSRF guard with a timeout. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What the provider answered (null status: no answer, e.g. a timeout or a refused connection). */
export interface ProviderAnswer {
  status: number | null;
  body: string;
  headers: Record<string, string>;
  latencyMs: number;
  /** Why there was no answer (timeout, blocked target, DNS), when status is null. */
  error?: string;
}

export type SendOutcome =
  | { ok: true; httpStatus: number | null; latencyMs: number; providerReference?: string }
  | {
      ok: false;
      /** Timeouts, 5xx and 429 are tried again (with back-off); other answers are final. */
      retryable: boolean;
      httpStatus: number | null;
      latencyMs: number;
      /** One sentence for the delivery log ("Slack answered 404 no_service: the webhook was removed"). */
      error: string;
      /** From a 429's Retry-After (seconds), honoured by the back-off. */
      retryAfterSeconds?: number;
    };

/** What a sender may use; injected, so each sender is unit-tested without a network. */
export interface SenderDeps {
  /** POSTs through the dial-time SSRF guard, with the delivery timeout. */
  postJson(request: OutgoingRequest): Promise<ProviderAnswer>;
  /** Publishes one text message (Amazon SNS). */
  publishSms(phone: string, text: string): Promise<{ messageId: string; latencyMs: number }>;
  /** Sends one e-mail (SES) and answers its message id. */
  sendEmail(mail: { to: string; subject: string; html: string; text: string }): Promise<{ messageId: string; latencyMs: number }>;
  /**
   * Where a provider's fixed endpoint is reached: the real URL on AWS, the local channel sink under
   * `npm start` (docs/alerts.md "Offline"). Generic webhooks always go to their own URL.
   */
  providerUrl(type: ChannelType, realUrl: string): string;
  now(): Date;
}

/** What one delivery knows besides the alert: the channel's opened config and, for a webhook, its secrets. */
export interface DeliveryContext<T extends ChannelType> {
  config: ChannelConfigOf<T>;
  /** The Standard Webhooks `webhook-id`: the delivery's id, the same on every retry. */
  deliveryId: string;
  /** A webhook's signing secrets (`whsec_...`), newest first: each signs, so a rotation overlaps. */
  signingSecrets: string[];
  /** The owner's timezone for times in messages (null: UTC). */
  timezone: string | null;
  /** The owner's account e-mail: an extra recipient's mail says who added the address. */
  accountEmail: string;
}

export interface ChannelSender<T extends ChannelType> {
  type: T;
  /** One alert, or a storm's digest (docs/alerts.md "Storms and pacing"), which each type renders as one message. */
  send(message: ChannelMessage, ctx: DeliveryContext<T>, deps: SenderDeps): Promise<SendOutcome>;
}
