import { wantsNotificationMail, type NotificationPreferences } from '../../../shared/account/notifications.js';
import { config } from '../../config.js';
import {
  claimOutboxEntry,
  getOutboxEntry,
  markOutboxFailed,
  markOutboxSent,
  markOutboxSkipped,
  releaseOutboxEntry,
  type OutboxStatus,
} from '../../repositories/alert-outbox-repository.js';
import { sendEmailWithId } from '../../repositories/mail-repository.js';
import { getNotificationPreferences } from '../../repositories/notification-preferences-repository.js';
import { getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import { recordApplicationError } from '../operations/record-application-error.js';
import { noticeSubscribersOfTransition } from '../status-pages/subscribers/transition-notice.js';
import { alertEmail } from './alert-email.js';
import { settleAll } from './settle-all.js';
import { alertChannelsOfTransition, ownerAcknowledgeUrl } from './alert-channels-of-transition.js';

/**
 * Mails one alert-outbox entry, exactly once per transition as far as a mail service without
 * idempotency keys allows:
 *
 * 1. Claim: one conditional update takes the entry (pending -> sending, with a lease of
 *    CLAIM_LEASE_SECONDS). A duplicate or redelivered message, or the sweeper's re-send, finds it
 *    sent, skipped or claimed and does nothing; the claim, not the message, decides.
 * 2. Fan out: one delivery per alert channel of the monitor (fan-out-channels.ts), for any
 *    active account, whatever its mail preferences, and one notice per status page that shows the
 *    incident to that page's subscribers (status-pages/subscribers/transition-notice.ts).
 * 3. Decide: the owner's profile and preferences (`email_notifications` and `incident_alerts`,
 *    wantsNotificationMail) — a deactivated or deleted account or a switched-off preference
 *    finishes the entry as `skipped`, without a mail.
 * 4. Send through SES, then mark the entry `sent` with SES's message id.
 *
 * A failed send (throttling, an SES error, a failed read before it) releases the claim with the
 * time of the next try; the caller hides the message until then (a back-off through the queue).
 * The last try marks the entry `failed`: the message goes to the dead-letter queue and its alarm.
 *
 * The one window that can mail twice: the process dies (or the `sent` write fails) after SES
 * accepted the mail and before the entry says so. The entry then stays `sending`; once its lease
 * is over, the message's redelivery or the sweeper claims it again and mails again. So delivery
 * is exactly once except in that crash window, where it is at least once: never zero.
 */

/**
 * How long a claim holds off other consumers: longer than one mailer invocation can take (its
 * timeout, infra/stacks/pipeline-functions.ts), so a live claimant is never overtaken.
 */
export const CLAIM_LEASE_SECONDS = 120;

export type SkipReason = 'account_deleted' | 'account_deactivated' | 'preferences_off';

export type DeliveryOutcome =
  | { outcome: 'sent'; messageId: string }
  | { outcome: 'skipped'; reason: SkipReason }
  /** Sent, skipped or failed already, or claimed by a live consumer: nothing to do. */
  | { outcome: 'not_claimed'; status: OutboxStatus | 'unknown' }
  /** The try failed; the entry is pending again, due at `retryAt`. */
  | { outcome: 'retry'; error: unknown; retryAt: Date }
  /** The last try failed; the entry is `failed`. */
  | { outcome: 'failed'; error: unknown };

/** Who gets the alert mail, or why nobody does. */
const recipient = (
  profile: UserProfile | null,
  preferences: NotificationPreferences,
): { email: string; timezone: string | null } | { skip: SkipReason } => {
  if (!profile) return { skip: 'account_deleted' };
  if (!profile.is_active) return { skip: 'account_deactivated' };
  if (!wantsNotificationMail(preferences, 'incident_alert')) return { skip: 'preferences_off' };
  return { email: profile.email, timezone: profile.timezone };
};

const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export const deliverAlert = async (opts: {
  transitionId: string;
  now: Date;
  /** When the next try comes if this one fails (the message's back-off); null on the last try. */
  retryAt: Date | null;
}): Promise<DeliveryOutcome> => {
  const entry = await claimOutboxEntry(opts.transitionId, opts.now, CLAIM_LEASE_SECONDS);
  if (!entry) {
    const current = await getOutboxEntry(opts.transitionId);
    return { outcome: 'not_claimed', status: current?.status ?? 'unknown' };
  }

  let messageId: string;
  try {
    const [profile, preferences] = await Promise.all([getUserProfile(entry.userId), getNotificationPreferences(entry.userId)]);
    const to = recipient(profile, preferences);
    // Before the owner's mail, under this claim and side by side (docs/alerts.md "Delivery"): the
    // alert channels, whatever the owner's mail preference says; the status pages' subscribers
    // (docs/status-pages.md "Subscriber mails": one message per page that shows the incident, their
    // mails claimed per subscriber); and the mail's own acknowledgement link. Each is idempotent, so
    // a failure of any is retried with the entry and creates nothing twice; all of them finish
    // before a failure releases the claim.
    const [, , acknowledgeUrl] = await settleAll([
      profile?.is_active ? alertChannelsOfTransition(entry, preferences, opts.now) : null,
      profile?.is_active ? noticeSubscribersOfTransition(entry) : null,
      'skip' in to ? null : ownerAcknowledgeUrl(entry, to.email, opts.now),
    ] as const);
    if ('skip' in to) {
      await markOutboxSkipped(entry, { reason: to.skip, now: opts.now });
      return { outcome: 'skipped', reason: to.skip };
    }
    messageId = await sendEmailWithId(
      alertEmail({
        to: to.email,
        timezone: to.timezone,
        appUrl: config().appUrl,
        monitorName: entry.monitorName,
        monitorUrl: entry.monitorUrl,
        monitorType: entry.monitorType,
        alert: entry.alert,
        acknowledgeUrl: acknowledgeUrl ?? null,
      }),
    );
  } catch (error) {
    if (opts.retryAt) {
      await releaseOutboxEntry(entry, { error: errorText(error), retryAt: opts.retryAt });
      return { outcome: 'retry', error, retryAt: opts.retryAt };
    }
    await markOutboxFailed(entry, { error: errorText(error), now: opts.now });
    // Failed for good: the operators' error log (docs/admin.md) next to the DLQ and its alarm.
    await recordApplicationError({
      type: 'email_error',
      message: `An alert mail for ${entry.monitorName} could not be sent after every try`,
      error,
      context: { transition_id: entry.transitionId, event: entry.alert.event, monitor_url: entry.monitorUrl },
      userId: entry.userId,
      monitorId: entry.alert.monitorId,
    });
    return { outcome: 'failed', error };
  }
  // Past this point the mail is out: a failure here must not release the claim (see the header).
  await markOutboxSent(entry.transitionId, { messageId, now: new Date() });
  return { outcome: 'sent', messageId };
};
