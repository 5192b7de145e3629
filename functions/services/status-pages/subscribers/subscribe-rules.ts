import { SUBSCRIBER_LIMITS } from '../../../../shared/status-pages/subscribers.js';
import type { StoredSubscriber, SubscriberCounts } from '../../../repositories/status-subscriber-repository.js';

/**
 * What one subscribe request does (docs/status-pages.md "Subscribers"), decided from what the
 * table holds, so the rule is tested without a table. The visitor's answer is the same for every
 * step but 'full', which depends on the page and never on the address: the form tells no one who
 * follows a page.
 * - 'add': a new address; it is stored pending and mailed one confirmation link;
 * - 'resend': a pending address whose last mail is an hour old or more; it gets a new link;
 * - 'nothing': a confirmed address, or a pending one mailed within the hour;
 * - 'full': the page holds as many pending or as many subscribers as it may.
 */
export type SubscribeStep = 'add' | 'resend' | 'nothing' | 'full';

/** A pending address is mailed again at most this often. */
export const CONFIRMATION_RESEND_AFTER_MS = 60 * 60 * 1000;

/** How long a confirmation link works, in seconds (SUBSCRIBER_LIMITS.confirmationHours). */
export const CONFIRMATION_LIFETIME_SECONDS = SUBSCRIBER_LIMITS.confirmationHours * 60 * 60;

export const pageIsFull = (counts: SubscriberCounts): boolean =>
  counts.pending >= SUBSCRIBER_LIMITS.pendingPerPageMax || counts.total >= SUBSCRIBER_LIMITS.perPageMax;

export const subscribeStep = (opts: { existing: Pick<StoredSubscriber, 'status' | 'confirmationSentAt'> | null; counts: SubscriberCounts; now: Date }): SubscribeStep => {
  if (pageIsFull(opts.counts)) return 'full';
  if (!opts.existing) return 'add';
  if (opts.existing.status === 'confirmed') return 'nothing';
  const sentAt = opts.existing.confirmationSentAt ? Date.parse(opts.existing.confirmationSentAt) : Number.NEGATIVE_INFINITY;
  return opts.now.getTime() - sentAt >= CONFIRMATION_RESEND_AFTER_MS ? 'resend' : 'nothing';
};

/**
 * A pending address whose confirmation link has expired: it is removed when the page is at its
 * pending cap, so addresses nobody confirmed cannot keep a page from taking new ones.
 */
export const pendingExpired = (subscriber: Pick<StoredSubscriber, 'status' | 'confirmationSentAt'>, now: Date): boolean => {
  if (subscriber.status !== 'pending') return false;
  const sentAt = subscriber.confirmationSentAt ? Date.parse(subscriber.confirmationSentAt) : Number.NEGATIVE_INFINITY;
  return now.getTime() - sentAt >= CONFIRMATION_LIFETIME_SECONDS * 1000;
};

/** A page at its pending cap is swept of expired addresses at most this often. */
export const PENDING_SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The chosen component ids, each once, in the page's order; null when one is not a component of
 * the page. None chosen (or every one named) is the whole page, stored as an empty list.
 */
export const chosenComponents = (pageComponentIds: readonly string[], chosen: readonly string[] | undefined): string[] | null => {
  const wanted = new Set(chosen ?? []);
  for (const id of wanted) if (!pageComponentIds.includes(id)) return null;
  if (wanted.size === pageComponentIds.length) return [];
  return pageComponentIds.filter((id) => wanted.has(id));
};
