import { createHash } from 'node:crypto';
import { channelTypeDefinition } from '../../../shared/alerts/channels/index.js';
import type { ChannelMessage } from '../../../shared/alerts/events.js';
import { tierOf } from '../../../shared/tiers.js';
import { config } from '../../config.js';
import {
  claimDelivery,
  finishDelivery,
  getDelivery,
  retryDeliveryLater,
  waitForSlot,
  type ClaimedDelivery,
} from '../../repositories/channel-delivery-repository.js';
import { readDigestMembers } from '../../repositories/channel-digest-repository.js';
import { claimSendTurn, lastSend, recordSend, takePaceSlot } from '../../repositories/pace-slot-repository.js';
import { getChannel, recordChannelFailure, recordChannelSuccess, type StoredChannel } from '../../repositories/channel-repository.js';
import { sendEmail } from '../../repositories/mail-repository.js';
import { takeSmsAllowance } from '../../repositories/sms-usage-repository.js';
import { getUserProfile } from '../../repositories/user-repository.js';
import { openChannelConfig, openSigningSecrets } from '../channels/channel-secrets.js';
import type { SenderDeps, SendOutcome } from './channels/contract.js';
import { senderOf } from './channels/index.js';
import { channelPausedEmail } from './channel-paused-email.js';
import { nextTryAt, PAUSE_AFTER_FAILURES } from './delivery-schedule.js';
import { alertDigest, gapWait, IN_FLIGHT_LIMIT_MS, keepsSlot, paceIntervalMs, paceStep, providerGapMs } from './storm-rules.js';

/**
 * Makes one try of one delivery (docs/alerts.md "Delivery"):
 *
 * 1. Claim: one conditional update takes it (pending and due, or a dead claimant's); a duplicate
 *    message, the sweeper's re-send or an early message finds it taken, finished or not yet due.
 * 2. Decide: a channel deleted, paused or awaiting confirmation since the fan-out, or an SMS over
 *    the month's allowance, finishes it as `skipped`, with the reason in the log.
 * 3. Pace (docs/alerts.md "Storms and pacing"): take the destination's next send slot (or keep the
 *    one an earlier try took); a slot within IN_PROCESS_WAIT_MS is waited for here, a later one
 *    puts the delivery back to pending, holding the slot, and answers `not_due`. Then take the
 *    destination's send turn (one conditional update: its previous send finished and the
 *    provider's spacing after it passed), so parallel deliverers send to it one at a time.
 * 4. Send through the type's sender, with the channel's secrets opened for this try only. A storm
 *    digest's message is made now from the alerts that joined it (none can join once it is claimed).
 * 5. Record: delivered; or a retryable failure (timeout, 5xx, 429) pending again at its back-off
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

/** Why a claimed delivery must not be sent to this channel, or null. */
const reasonNotToSend = (message: ChannelMessage, channel: StoredChannel | null): string | null => {
  if (!channel) return 'The channel was deleted';
  // A test may go to a paused channel: that is how its owner checks a fix before resuming it.
  if (channel.status === 'paused' && !message.test) return channel.pausedReason === 'failures' ? 'The channel is paused after repeated failures' : 'The channel is paused';
  if (channel.status === 'unconfirmed') return 'The address has not confirmed it wants alerts yet';
  return null;
};

/** Why a text must not be sent: the month's allowance is used up (taken only when the text is about to go). */
const smsAllowanceReason = async (delivery: ClaimedDelivery, now: Date): Promise<string | null> => {
  // A test text counts too: it is a real text message.
  const profile = await getUserProfile(delivery.userId);
  const allowance = profile ? tierOf(profile.subscription_tier).smsPerMonth : 0;
  if (await takeSmsAllowance(delivery.userId, now, allowance)) return null;
  return `This month's text message allowance (${allowance}) is used up; texts resume on the 1st`;
};

/** What pacing keys on: a hash of the type and the destination (which may hold a credential, e.g. a Slack webhook's path). */
export const destinationHash = (channel: StoredChannel, openedConfig: Record<string, string>): string =>
  createHash('sha256').update(`${channel.type}|${channelTypeDefinition(channel.type).destination(openedConfig)}`).digest('base64url').slice(0, 32);

/**
 * The message a delivery sends: its alert, or the digest of the alerts that joined it, read now,
 * after the claim, so no member can join that this try does not tell (channel-digest-repository.ts).
 */
const messageOf = async (delivery: ClaimedDelivery): Promise<ChannelMessage | null> => {
  if (delivery.digest) return alertDigest(await readDigestMembers(delivery.userId, delivery.key, delivery.digest.listedMembers), config().appUrl);
  return delivery.alert;
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a send looks again whether the destination's previous send has finished. */
const IN_FLIGHT_POLL_MS = 100;

/** How long a send waits for its turn at most; past it, it goes anyway (a stuck destination item must not stall deliveries). */
const SEND_TURN_WAIT_LIMIT_MS = 30_000;

/**
 * Waits for the destination's turn (pace-slot-repository.ts `claimSendTurn`): the previous send
 * finished and the provider's spacing after it passed. The turn is taken by one conditional
 * update, so parallel deliverers to one destination (the AWS deliverer scales out) send one at a
 * time; between tries it sleeps as long as the last send says is left.
 */
const takeSendTurn = async (paced: string, pacing: { messages: number; perSeconds: number }, deps: SenderDeps): Promise<void> => {
  const giveUpAt = deps.now().getTime() + SEND_TURN_WAIT_LIMIT_MS;
  while (!(await claimSendTurn(paced, deps.now().getTime(), providerGapMs(pacing), IN_FLIGHT_LIMIT_MS))) {
    if (deps.now().getTime() >= giveUpAt) return;
    const gap = gapWait(await lastSend(paced), pacing, deps.now());
    await sleep(gap === 'in_flight' ? IN_FLIGHT_POLL_MS : Math.max(gap, IN_FLIGHT_POLL_MS / 4));
  }
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
  /** A test from Settings: one try, never retried, not counted against the channel, not paced. */
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

  const message = await messageOf(delivery);
  if (!message) return skip(delivery, 'The delivery has nothing to send', now);
  const channel = await getChannel(delivery.userId, delivery.channelId);
  const reason = reasonNotToSend(message, channel);
  if (reason || !channel) return skip(delivery, reason ?? 'The channel was deleted', now);

  const profile = await getUserProfile(delivery.userId);
  const openedConfig = await openChannelConfig(channel);
  const paced = opts.test ? null : destinationHash(channel, openedConfig);
  const { pacing } = channelTypeDefinition(channel.type);
  if (paced) {
    const at = opts.deps.now();
    const slotMs = keepsSlot(delivery.pacedAt, at) ? Date.parse(delivery.pacedAt!) : await takePaceSlot(paced, at, paceIntervalMs(pacing));
    const step = paceStep(slotMs, opts.deps.now());
    if (step.step === 'requeue') {
      await waitForSlot(delivery, step);
      return { outcome: 'not_due', dueAt: step.dueAt };
    }
    if (step.waitMs > 0) await sleep(step.waitMs);
  }
  if (channel.type === 'sms') {
    const allowanceReason = await smsAllowanceReason(delivery, now);
    if (allowanceReason) return skip(delivery, allowanceReason, now);
  }
  const context = {
    config: openedConfig as never,
    deliveryId: delivery.id,
    signingSecrets: channel.type === 'webhook' ? await openSigningSecrets(channel, now) : [],
    timezone: profile?.timezone ?? null,
    accountEmail: profile?.email ?? '',
  };
  if (paced) {
    await takeSendTurn(paced, pacing, opts.deps);
  }
  let sent: SendOutcome;
  try {
    sent = await senderOf(channel.type).send(message, context, opts.deps);
  } finally {
    if (paced) await recordSend(paced, 'finished', opts.deps.now().getTime());
  }
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
