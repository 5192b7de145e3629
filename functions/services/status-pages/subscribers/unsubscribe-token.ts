import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../../../config.js';
import { signingKey } from '../../../secrets/signing-key.js';

/**
 * The unsubscribe token of a status page subscriber (docs/status-pages.md "Subscribers"): the
 * subscriber's id and an HMAC-SHA256 of it under a server key, `<id>.<mac>`. Any mail can carry it
 * without storing anything, it never expires, and it cannot be made for another subscriber's id.
 */

const PURPOSE = 'status-subscriber-unsubscribe';
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const macOf = async (subscriberId: string): Promise<Buffer> =>
  createHmac('sha256', await signingKey(PURPOSE)).update(`unsubscribe:${subscriberId}`, 'utf8').digest();

/** The token for one subscriber's unsubscribe link. */
export const unsubscribeToken = async (subscriberId: string): Promise<string> => `${subscriberId}.${(await macOf(subscriberId)).toString('base64url')}`;

/** The subscriber id a token names, or null when it is malformed or its MAC is not ours. */
export const readUnsubscribeToken = async (token: string): Promise<string | null> => {
  const [subscriberId, mac, extra] = token.split('.');
  if (extra !== undefined || !subscriberId || !mac || !ID.test(subscriberId)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = await macOf(subscriberId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : null;
};

/** The page of the unsubscribe link a mail carries (`List-Unsubscribe` and its footer): GET shows a button, POST removes at once (RFC 8058). */
export const unsubscribePath = (slug: string): string => `/status/${encodeURIComponent(slug)}/unsubscribe`;

/** The absolute unsubscribe link of one subscriber of the page at `slug`. */
export const unsubscribeUrl = async (slug: string, subscriberId: string): Promise<string> =>
  `${config().appUrl}${unsubscribePath(slug)}?token=${encodeURIComponent(await unsubscribeToken(subscriberId))}`;
