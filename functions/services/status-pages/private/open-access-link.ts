import { getAccessLink } from '../../../repositories/status-page-access-repository.js';
import { epochSeconds, hashToken } from '../../auth/one-time-token.js';
import { findPublicStatusPage } from '../load-public-page.js';
import { gateAnswer, letInPublic, letInWithCookie, missingAnswer, type AccessAnswer } from './access-answers.js';

/**
 * `GET /status/{slug}/access?token=` (docs/status-pages.md "Private pages"): a sign-in link from
 * the mail. It works as often as it is opened within its minutes (a mail scanner that opens it
 * first does not use it up), for the page it was sent for and only while the page's access is as
 * it was then; anything else shows the e-mail form with `linkInvalid`, 400.
 */
export const openStatusPageAccessLink = async (slug: string, token: string | undefined, now: Date): Promise<AccessAnswer> => {
  const page = await findPublicStatusPage(slug);
  if (!page) return missingAnswer();
  if (page.access.visibility === 'public') return letInPublic(page);
  const link = token ? await getAccessLink(hashToken(token)) : null;
  const works =
    link !== null &&
    link.expiresAt > epochSeconds(now) &&
    link.pageId === page.id &&
    link.userId === page.userId &&
    page.access.visibility === 'email_domain' &&
    link.version === page.access.version;
  return works ? letInWithCookie(page, now) : gateAnswer(page, 'linkInvalid', 400);
};
