import type { ChannelType } from '../../../shared/alerts/channels/index.js';

/**
 * What the channel sink remembers (docs/alerts.md "Offline"): every message a provider endpoint
 * received, newest last, and the failures `POST /_local/fail` asked for. Memory only: a restart
 * of `npm start` starts an empty inbox, like a provider's test workspace.
 */

/** The channel types whose provider the sink stands in for (e-mail goes to the SES emulator, webhooks to their own URL). */
export const SINK_CHANNEL_TYPES = ['slack', 'teams', 'discord', 'telegram', 'pagerduty', 'sms'] as const satisfies readonly ChannelType[];
export type SinkChannelType = (typeof SINK_CHANNEL_TYPES)[number];

export const isSinkChannelType = (value: unknown): value is SinkChannelType =>
  typeof value === 'string' && (SINK_CHANNEL_TYPES as readonly string[]).includes(value);

/** One message as `GET /store` lists it. */
export interface SinkMessage {
  channel_type: SinkChannelType;
  /** The provider URL the sender meant (`x-upwatch-original-url`), else the sink URL it reached; `sns:Publish` for SMS. */
  url: string;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the text when it is not JSON; `{phone, message}` for SMS. */
  body: unknown;
  received_at: string;
  /** The HTTP status the sink answered. */
  status: number;
  /** Set when the answer was a failure asked for with `POST /_local/fail`. */
  failed_with?: number;
}

/**
 * A failure plan: the next `remaining` deliveries to a type are answered `status`; with `url`, only
 * deliveries to that address (the provider URL the sender meant), so a test's plan is not taken by
 * another sender's message to the same provider.
 */
export interface FailurePlan {
  status: number;
  remaining: number;
  url?: string;
}

export const DEFAULT_MESSAGE_CAP = 5000;

export class SinkStore {
  private readonly messages: SinkMessage[] = [];
  private readonly failures = new Map<SinkChannelType, FailurePlan>();

  constructor(private readonly cap = DEFAULT_MESSAGE_CAP) {}

  /** Keeps a message, dropping the oldest beyond the cap. */
  record(message: SinkMessage): void {
    this.messages.push(message);
    if (this.messages.length > this.cap) this.messages.splice(0, this.messages.length - this.cap);
  }

  /** Messages oldest first, optionally of one type. */
  list(channelType?: SinkChannelType): SinkMessage[] {
    return channelType ? this.messages.filter((message) => message.channel_type === channelType) : [...this.messages];
  }

  /** Forgets every message and every pending failure, so each test starts from a clean inbox. */
  clear(): void {
    this.messages.length = 0;
    this.failures.clear();
  }

  /** Replaces the type's failure plan; a count of 0 removes it. */
  planFailures(channelType: SinkChannelType, status: number, count: number, url?: string): void {
    if (count === 0) this.failures.delete(channelType);
    else this.failures.set(channelType, { status, remaining: count, ...(url ? { url } : {}) });
  }

  /** The status this delivery (to `url`) must fail with (and uses one up), or null to answer normally. */
  takeFailure(channelType: SinkChannelType, url?: string): number | null {
    const plan = this.failures.get(channelType);
    if (!plan || (plan.url !== undefined && plan.url !== url)) return null;
    plan.remaining -= 1;
    if (plan.remaining <= 0) this.failures.delete(channelType);
    return plan.status;
  }

  /** Pending failure plans, for the inbox page and `/_local/fail`'s answer. */
  pendingFailures(): Partial<Record<SinkChannelType, FailurePlan>> {
    return Object.fromEntries([...this.failures].map(([type, plan]) => [type, { ...plan }]));
  }
}
