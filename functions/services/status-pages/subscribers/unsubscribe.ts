import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { removeSubscriber } from '../../../repositories/status-subscriber-repository.js';
import { loadPageOfLink } from './load-subscribable-page.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

/**
 * GET /status/{slug}/unsubscribe?token=: whether the link is one of ours, so the page shows the
 * "Unsubscribe" button or says it is not (docs/status-pages.md "Subscribers"). Changes nothing.
 */
export const readUnsubscribeLink = async (slug: string, token: string): Promise<{ page: StoredStatusPage; valid: boolean }> => {
  const page = await loadPageOfLink(slug);
  return { page, valid: (await readUnsubscribeToken(token)) !== null };
};

/**
 * POST /status/{slug}/unsubscribe?token= (the button, or a mail client's RFC 8058 one-click): the
 * subscriber is removed at once. A valid link of someone already gone says "unsubscribed" again,
 * so a retried one-click succeeds; only a link that is not ours is refused.
 */
export const unsubscribe = async (slug: string, token: string): Promise<{ page: StoredStatusPage; unsubscribed: boolean }> => {
  const page = await loadPageOfLink(slug);
  const subscriberId = await readUnsubscribeToken(token);
  if (!subscriberId) return { page, unsubscribed: false };
  await removeSubscriber(page.id, subscriberId);
  return { page, unsubscribed: true };
};
