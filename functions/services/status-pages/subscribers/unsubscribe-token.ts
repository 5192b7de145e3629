import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../../config.js';
import { signingKey } from '../../../secrets/signing-key.js';

/**
 * The unsubscribe token of a status page subscriber (docs/status-pages.md "Subscribers"): the
 * page's id, the subscriber's id and an HMAC-SHA256 of both under a server key,
 * `<page id>.<subscriber id>.<mac>`. Any mail can carry it without storing anything, it never
 * expires, it cannot be made for another subscriber, and it names its page by id, so a link mailed
 * before the owner changed the page's slug still unsubscribes.
 */

const PURPOSE = 'status-subscriber-unsubscribe';
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Whose link a token is. */
export interface UnsubscribeLink {
  pageId: string;
  subscriberId: string;
}

const macOf = async ({ pageId, subscriberId }: UnsubscribeLink): Promise<Buffer> =>
  createHmac('sha256', await signingKey(PURPOSE)).update(`unsubscribe:${pageId}:${subscriberId}`, 'utf8').digest();

/** The token for one subscriber's unsubscribe link. */
export const unsubscribeToken = async (link: UnsubscribeLink): Promise<string> =>
  `${link.pageId}.${link.subscriberId}.${(await macOf(link)).toString('base64url')}`;

/** The page and subscriber a token names, or null when it is malformed or its MAC is not ours. */
export const readUnsubscribeToken = async (token: string): Promise<UnsubscribeLink | null> => {
  const [pageId, subscriberId, mac, extra] = token.split('.');
  if (extra !== undefined || !pageId || !subscriberId || !mac || !ID.test(pageId) || !ID.test(subscriberId)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = await macOf({ pageId, subscriberId });
  return given.length === expected.length && timingSafeEqual(given, expected) ? { pageId, subscriberId } : null;
};

/** The page of the unsubscribe link a mail carries (`List-Unsubscribe` and its footer): GET shows a button, POST removes at once (RFC 8058). */
export const unsubscribePath = (slug: string): string => `/status/${encodeURIComponent(slug)}/unsubscribe`;

/** The absolute unsubscribe link of one subscriber of a page (its slug when the mail is sent, its id for good). */
export const unsubscribeUrl = async (page: { id: string; slug: string }, subscriberId: string): Promise<string> =>
  `${config().appUrl}${unsubscribePath(page.slug)}?token=${encodeURIComponent(await unsubscribeToken({ pageId: page.id, subscriberId }))}`;
