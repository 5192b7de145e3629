import { tierOf } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import {
  claimDelivery,
  finishDelivery,
  getDelivery,
  retryDeliveryLater,
  type ClaimedDelivery,
} from '../../repositories/channel-delivery-repository.js';
import { getChannel, recordChannelFailure, recordChannelSuccess, type StoredChannel } from '../../repositories/channel-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { takeSmsAllowance } from '../../repositories/sms-usage-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { openChannelConfig, openSigningSecrets } from '../channels/channel-secrets.js';
import type { SenderDeps, SendOutcome } from './channels/contract.js';
import { senderOf } from './channels/index.js';
import { channelPausedEmail } from './channel-paused-email.js';
import { nextTryAt, PAUSE_AFTER_FAILURES } from './delivery-schedule.js';

/**
 * Makes one try of one delivery (docs/alerts.md "Delivery"):
 *
 * 1. Claim: one conditional update takes it (pending and due, or a dead claimant's); a duplicate
 *    message, the sweeper's re-send or an early message finds it taken, finished or not yet due.
 * 2. Decide: a channel deleted, paused or awaiting confirmation since the fan-out, or an SMS over
 *    the month's allowance, finishes it as `skipped`, with the reason in the log.
 * 3. Send through the type's sender, with the channel's secrets opened for this try only.
 * 4. Record: delivered; or a retryable failure (timeout, 5xx, 429) pending again at its back-off
 *    for up to 24 hours; or failed for good, one more failure in a row for the channel, which is
 *    paused (and its owner mailed, once) at PAUSE_AFTER_FAILURES.
 *
 * Exactly once as far as the receiver can tell: the claim lets one try run at a time and the
 * delivery's `webhook-id` / dedup_key is the same on every try, so the one window that can send
 * twice (the process dies after the provider took it, before `delivered` is written) repeats an
 * id the receiver has seen.
 */

/** Longer than one try can take (the sender's timeout and the bookkeeping around it). */
export const DELIVERY_LEASE_SECONDS = 60;

export type DeliveryTry =
  | { outcome: 'delivered' }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'retry'; retryAt: Date; error: string }
  | { outcome: 'failed'; error: string }
  /** Pending, but its time has not come: the caller holds its message until `dueAt`. */
  | { outcome: 'not_due'; dueAt: Date }
  /** Finished, unknown or held by a live claimant: nothing to do. */
  | { outcome: 'not_claimed' };

const skip = async (delivery: ClaimedDelivery, reason: string, now: Date): Promise<DeliveryTry> => {
  await finishDelivery(delivery, { status: 'skipped', attempt: { httpStatus: null, latencyMs: null, error: reason }, now });
  return { outcome: 'skipped', reason };
};

/** Why a claimed delivery must not be sent, or null. */
const reasonNotToSend = async (delivery: ClaimedDelivery, channel: StoredChannel | null, now: Date): Promise<string | null> => {
  if (!channel) return 'The channel was deleted';
  // A test may go to a paused channel: that is how its owner checks a fix before resuming it.
  if (channel.status === 'paused' && !delivery.alert.test) return channel.pausedReason === 'failures' ? 'The channel is paused after repeated failures' : 'The channel is paused';
  if (channel.status === 'unconfirmed') return 'The address has not confirmed it wants alerts yet';
  // A test text counts too: it is a real text message.
  if (channel.type === 'sms') {
    const profile = await getUserProfile(delivery.userId);
    const allowance = profile ? tierOf(profile.subscription_tier).smsPerMonth : 0;
    if (!(await takeSmsAllowance(delivery.userId, now, allowance))) {
      return `This month's text message allowance (${allowance}) is used up; texts resume on the 1st`;
    }
  }
  return null;
};

const attemptOf = (outcome: SendOutcome) => ({
  httpStatus: outcome.httpStatus,
  latencyMs: outcome.latencyMs,
  error: outcome.ok ? null : outcome.error,
});

export const deliverToChannel = async (opts: {
  userId: string;
  key: string;
  now: Date;
  deps: SenderDeps;
  /** A test from Settings: one try, never retried, not counted against the channel. */
  test?: boolean;
}): Promise<DeliveryTry> => {
  const { now } = opts;
  const delivery = await claimDelivery(opts.userId, opts.key, now, DELIVERY_LEASE_SECONDS);
  if (!delivery) {
    const current = await getDelivery(opts.userId, opts.key);
    if (current?.status === 'pending' && current.nextAttemptAt && Date.parse(current.nextAttemptAt) > now.getTime()) {
      return { outcome: 'not_due', dueAt: new Date(current.nextAttemptAt) };
    }
    return { outcome: 'not_claimed' };
  }

  const channel = await getChannel(delivery.userId, delivery.channelId);
  const reason = await reasonNotToSend(delivery, channel, now);
  if (reason || !channel) return skip(delivery, reason ?? 'The channel was deleted', now);

  const profile = await getUserProfile(delivery.userId);
  const sent = await senderOf(channel.type).send(
    delivery.alert,
    {
      config: (await openChannelConfig(channel)) as never,
      deliveryId: delivery.id,
      signingSecrets: channel.type === 'webhook' ? await openSigningSecrets(channel, now) : [],
      timezone: profile?.timezone ?? null,
      accountEmail: profile?.email ?? '',
    },
    opts.deps,
  );
  const finishedAt = opts.deps.now();
  if (sent.ok) {
    await finishDelivery(delivery, { status: 'delivered', attempt: attemptOf(sent), now: finishedAt });
    if (!opts.test) await recordChannelSuccess(channel, finishedAt);
    return { outcome: 'delivered' };
  }

  const retryAt =
    sent.retryable && !opts.test
      ? nextTryAt({
          attempts: delivery.attempts,
          firstAttemptAt: new Date(delivery.firstAttemptAt ?? now.toISOString()),
          now: finishedAt,
          retryAfterSeconds: sent.retryAfterSeconds,
        })
      : null;
  if (retryAt) {
    await retryDeliveryLater(delivery, { retryAt, attempt: attemptOf(sent) });
    return { outcome: 'retry', retryAt, error: sent.error };
  }
  await finishDelivery(delivery, { status: 'failed', attempt: attemptOf(sent), now: finishedAt });
  if (!opts.test) {
    const { paused } = await recordChannelFailure(channel, { now: finishedAt, pauseAfter: PAUSE_AFTER_FAILURES });
    if (paused && profile) {
      await sendEmail(channelPausedEmail({ to: profile.email, appUrl: config().appUrl, channel, lastError: sent.error }));
    }
  }
  return { outcome: 'failed', error: sent.error };
};
