import { AppError, validationError } from '../../../../shared/errors.js';
import { PRIVATE_PAGE_TEXTS, type PageAccessInput, type PageAccessView } from '../../../../shared/status-pages/private-access.js';
import { accessProblems } from '../../../../shared/status-pages/private-access-rules.js';
import type { Tier } from '../../../../shared/tiers.js';
import { PUBLIC_ACCESS, type StoredPageAccess } from '../../../repositories/status-page-repository.js';
import { hashPagePassword } from './page-password.js';

/**
 * The owner's access settings of a page (docs/status-pages.md "Private pages"): the one place the
 * plan is checked and the input is turned into what is kept.
 */

/** 403 naming the plans that have private pages. */
export const planRequired = (): AppError => new AppError('FORBIDDEN', PRIVATE_PAGE_TEXTS.planRequired, [{ field: 'access.visibility', message: PRIVATE_PAGE_TEXTS.planRequired }]);

const sameDomains = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((domain, i) => domain === b[i]);

/**
 * The access a page keeps after a create or an edit that sent `input` (left out: as it was).
 * A lower plan may make a page public but not private; switching to a password needs one unless the
 * page has one; e-mail domains need at least one domain. The version goes up whenever the
 * visibility, the password or the domains change, which signs every visitor out.
 */
export const nextPageAccess = async (
  previous: StoredPageAccess,
  input: PageAccessInput | undefined,
  tier: Pick<Tier, 'privateStatusPages'>,
): Promise<StoredPageAccess> => {
  if (!input) return previous;
  if (input.visibility !== 'public' && !tier.privateStatusPages) throw planRequired();
  const passwordHash = input.password !== undefined ? await hashPagePassword(input.password) : previous.passwordHash;
  const allowedEmailDomains = input.allowed_email_domains ? [...new Set(input.allowed_email_domains)] : previous.allowedEmailDomains;
  const problems = accessProblems({ visibility: input.visibility, hasPassword: passwordHash !== null, domainCount: allowedEmailDomains.length });
  if (problems.length) throw validationError(problems);
  const changed =
    input.visibility !== previous.visibility ||
    input.password !== undefined ||
    !sameDomains(allowedEmailDomains, previous.allowedEmailDomains);
  return {
    visibility: input.visibility,
    passwordHash,
    allowedEmailDomains,
    version: changed ? previous.version + 1 : previous.version,
  };
};

/** A new page's access: public unless the input says otherwise. */
export const newPageAccess = (input: PageAccessInput | undefined, tier: Pick<Tier, 'privateStatusPages'>): Promise<StoredPageAccess> =>
  nextPageAccess(PUBLIC_ACCESS, input, tier);

/** How the owner sees it: whether a password is set, never the hash. */
export const pageAccessView = (access: StoredPageAccess): PageAccessView => ({
  visibility: access.visibility,
  password_set: access.passwordHash !== null,
  allowed_email_domains: [...access.allowedEmailDomains],
});
