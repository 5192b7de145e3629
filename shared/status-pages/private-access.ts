import { z } from 'zod';

/**
 * Private status pages (docs/status-pages.md "Private pages"), Business and Enterprise
 * (`privateStatusPages` in shared/tiers.ts): the page, its JSON, its feeds and its subscribe form
 * open only to a visitor who typed the page's password or signed in by a magic link sent to an
 * address at one of the allowed e-mail domains.
 */

export const PAGE_VISIBILITIES = ['public', 'password', 'email_domain'] as const;
export type PageVisibility = (typeof PAGE_VISIBILITIES)[number];

export const PRIVATE_PAGE_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  domainsMax: 20,
  /** How long a magic sign-in link works. */
  magicLinkMinutes: 15,
  /** How long a visitor stays let in. */
  accessDays: 30,
} as const;

/** A domain like `example.com` (lower-cased; no scheme, no @). */
const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Each allowed domain must be a domain like example.com');

/**
 * The `access` field of POST/PUT /api/status-pages. `password` is write-only: the server keeps a
 * hash, and the view says only whether one is set. Switching to `password` needs a password unless
 * one is set already; `email_domain` needs at least one domain.
 */
export const PageAccessInput = z.strictObject({
  visibility: z.enum(PAGE_VISIBILITIES, { error: 'visibility must be public, password or email_domain' }),
  password: z
    .string()
    .min(PRIVATE_PAGE_LIMITS.passwordMin, `Password must be at least ${PRIVATE_PAGE_LIMITS.passwordMin} characters`)
    .max(PRIVATE_PAGE_LIMITS.passwordMax, `Password is too long (${PRIVATE_PAGE_LIMITS.passwordMax} characters at most)`)
    .optional(),
  allowed_email_domains: z.array(EmailDomain).max(PRIVATE_PAGE_LIMITS.domainsMax, `${PRIVATE_PAGE_LIMITS.domainsMax} domains at most`).optional(),
});
export type PageAccessInput = z.infer<typeof PageAccessInput>;

/** How the owner sees a page's access. */
export interface PageAccessView {
  visibility: PageVisibility;
  password_set: boolean;
  allowed_email_domains: string[];
}

/** The texts a visitor of a private page reads. */
export const PRIVATE_PAGE_TEXTS = {
  heading: 'This status page is private',
  passwordPrompt: 'Enter the password to view this page.',
  emailPrompt: 'Enter your work e-mail address and we will send you a link to view this page.',
  wrongPassword: 'That password is not right. Please try again.',
  linkSent: 'If that address may view this page, we have sent it a sign-in link.',
  linkInvalid: 'This sign-in link is invalid or has expired. Please ask for a new one.',
  planRequired: 'Private status pages come with the Business and Enterprise plans.',
} as const;
