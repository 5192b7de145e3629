import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { confirmPendingSubscriber, findConfirmationToken, getSubscriber } from '../../../repositories/status-subscriber-repository.js';
import { hashToken } from '../../auth/one-time-token.js';
import { loadPageOfLink } from './load-subscribable-page.js';

/** What a confirmation link leads to: the page, and whether the link works. */
export interface ConfirmationLink {
  page: StoredStatusPage;
  valid: boolean;
}

/**
 * GET /status/{slug}/subscription/confirm?token=: whether the link works (an unknown, expired or
 * replaced one does not), so the page shows the button or says why not. Changes nothing: a mail
 * scanner that opens the link confirms nothing (docs/status-pages.md "Subscribers").
 */
export const readConfirmationLink = async (slug: string, token: string, now: Date): Promise<ConfirmationLink> => {
  const page = await loadPageOfLink(slug);
  if (!token) return { page, valid: false };
  const tokenHash = hashToken(token);
  const subscriberId = await findConfirmationToken(page.id, tokenHash, now);
  const subscriber = subscriberId ? await getSubscriber(page.id, subscriberId) : null;
  return { page, valid: subscriber?.tokenHash === tokenHash };
};

/**
 * POST /status/{slug}/subscription/confirm (the button): pending -> confirmed. Pressing it again,
 * or in a second tab, says "subscribed" again; an unknown, expired or replaced link (a newer mail
 * was sent) confirms nothing.
 */
export const confirmSubscription = async (slug: string, token: string, now: Date): Promise<{ page: StoredStatusPage; confirmed: boolean }> => {
  const page = await loadPageOfLink(slug);
  if (!token) return { page, confirmed: false };
  const tokenHash = hashToken(token);
  const subscriberId = await findConfirmationToken(page.id, tokenHash, now);
  if (!subscriberId) return { page, confirmed: false };
  if (await confirmPendingSubscriber(page.id, subscriberId, tokenHash, now)) return { page, confirmed: true };
  const subscriber = await getSubscriber(page.id, subscriberId);
  return { page, confirmed: subscriber?.status === 'confirmed' && subscriber.tokenHash === tokenHash };
};
