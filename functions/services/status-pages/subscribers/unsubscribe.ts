import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { removeSubscriber } from '../../../repositories/status-subscriber-repository.js';
import { SUBSCRIBER_PAGE_TEXT } from '../html/subscriber-page-texts.js';
import { loadPageOfLink } from './load-subscribable-page.js';
import { readUnsubscribeToken, type UnsubscribeLink } from './unsubscribe-token.js';

/** What an unsubscribe answer is shown under: the page's name, address and colour. */
export type UnsubscribeAnswerPage = Pick<StoredStatusPage, 'name' | 'slug' | 'accentColor'>;

/**
 * The page to show a valid link's answer under: the page its slug names when that is still the
 * subscriber's page, else a plain heading, because the owner changed the slug since the mail was
 * sent (or someone else's page has it now). The token alone decides whose subscription it is.
 */
const answerPageOf = async (slug: string, link: UnsubscribeLink): Promise<UnsubscribeAnswerPage> => {
  const target = await findStatusSlug(slug.toLowerCase());
  const page = target?.pageId === link.pageId ? await getStatusPage(target.userId, target.pageId) : null;
  return page ?? { name: SUBSCRIBER_PAGE_TEXT.formerPageName, slug, accentColor: null };
};

/** A link that is not ours is answered under the page its slug names (404 when none). */
const invalidLink = async (slug: string) => ({ page: await loadPageOfLink(slug), link: null });

/**
 * GET /status/{slug}/unsubscribe?token=: whether the link is one of ours, so the page shows the
 * "Unsubscribe" button or says it is not (docs/status-pages.md "Subscribers"). Changes nothing.
 */
export const readUnsubscribeLink = async (slug: string, token: string): Promise<{ page: UnsubscribeAnswerPage; valid: boolean }> => {
  const link = await readUnsubscribeToken(token);
  if (!link) return { ...(await invalidLink(slug)), valid: false };
  return { page: await answerPageOf(slug, link), valid: true };
};

/**
 * POST /status/{slug}/unsubscribe?token= (the button, or a mail client's RFC 8058 one-click): the
 * subscriber is removed at once from the page the token names. A valid link of someone already
 * gone says "unsubscribed" again, so a retried one-click succeeds; only a link that is not ours is
 * refused.
 */
export const unsubscribe = async (slug: string, token: string): Promise<{ page: UnsubscribeAnswerPage; unsubscribed: boolean }> => {
  const link = await readUnsubscribeToken(token);
  if (!link) return { ...(await invalidLink(slug)), unsubscribed: false };
  await removeSubscriber(link.pageId, link.subscriberId);
  return { page: await answerPageOf(slug, link), unsubscribed: true };
};
