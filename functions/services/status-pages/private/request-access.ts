import { emailAddress } from '../../../../shared/validation.js';
import { PRIVATE_PAGE_LIMITS } from '../../../../shared/status-pages/private-access.js';
import { config } from '../../../config.js';
import { sendEmail } from '../../../repositories/mail-repository.js';
import { putAccessLink } from '../../../repositories/status-page-access-repository.js';
import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { epochSeconds, hashToken, newOneTimeToken } from '../../auth/one-time-token.js';
import { enforceRateLimit } from '../../rate-limit.js';
import type { RateLimitRule } from '../../rate-limit-rule.js';
import { findPublicStatusPage } from '../load-public-page.js';
import { gateAnswer, letInPublic, letInWithCookie, missingAnswer, type AccessAnswer } from './access-answers.js';
import { accessLinkEmail } from './access-link-email.js';
import { pagePasswordMatches } from './page-password.js';

/**
 * Sign-in links one address may be sent for one page per window: enough for a person who lost
 * one, too few to flood an inbox (the route's per-IP limit comes on top).
 */
export const ACCESS_LINK_RULE: RateLimitRule = { scope: 'status_page_access_link', limit: 3, windowSeconds: 15 * 60 };

/** The domain of an address, lower-cased. */
const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * Mails `address` a sign-in link when it is at one of the page's allowed domains (exactly: a
 * subdomain is another domain) and this address has not had its links for the window; otherwise
 * does nothing, so the answer tells no one which addresses may view the page.
 */
const mailAccessLink = async (page: StoredStatusPage, address: string, now: Date): Promise<void> => {
  if (!page.access.allowedEmailDomains.includes(domainOf(address))) return;
  try {
    await enforceRateLimit(ACCESS_LINK_RULE, `${page.id}#${address.toLowerCase()}`, now, (wait) => wait);
  } catch {
    return;
  }
  const token = newOneTimeToken();
  await putAccessLink({
    tokenHash: hashToken(token),
    userId: page.userId,
    pageId: page.id,
    version: page.access.version,
    expiresAt: epochSeconds(now) + PRIVATE_PAGE_LIMITS.magicLinkMinutes * 60,
  });
  await sendEmail(accessLinkEmail({ appUrl: config().appUrl, to: address, pageName: page.name, slug: page.slug, token }));
};

/**
 * `POST /status/{slug}/access` (docs/status-pages.md "Private pages"): the gate's form. A password
 * page lets the visitor in with the right password and shows the form again, 401, with a wrong one;
 * an e-mail page answers `linkSent` whatever the address, and mails a link only to an allowed one.
 */
export const requestStatusPageAccess = async (slug: string, form: Record<string, string>, now: Date): Promise<AccessAnswer> => {
  const page = await findPublicStatusPage(slug);
  if (!page) return missingAnswer();
  const { visibility, passwordHash } = page.access;
  if (visibility === 'public') return letInPublic(page);
  if (visibility === 'password') {
    const password = form.password ?? '';
    const right = passwordHash !== null && password.length > 0 && password.length <= PRIVATE_PAGE_LIMITS.passwordMax && (await pagePasswordMatches(password, passwordHash));
    return right ? letInWithCookie(page, now) : gateAnswer(page, 'wrongPassword', 401);
  }
  const address = emailAddress().safeParse(form.email ?? '');
  if (address.success) await mailAccessLink(page, address.data, now);
  return gateAnswer(page, 'linkSent', 200);
};
