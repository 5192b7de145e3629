import type { FieldProblem } from '../errors.js';
import type { PageVisibility } from './private-access.js';

/**
 * The rules of a page's access beyond its schema (docs/status-pages.md "Private pages"), shared
 * so the form refuses what the server would: a password page needs a password (typed now or set
 * before), an e-mail page at least one domain.
 */
export const ACCESS_RULE_TEXTS = {
  passwordNeeded: 'Choose a password for this page',
  domainNeeded: 'Add at least one e-mail domain, like example.com',
} as const;

/** What is wrong with the access the page would have, as field problems; empty when nothing is. */
export const accessProblems = (next: { visibility: PageVisibility; hasPassword: boolean; domainCount: number }): FieldProblem[] => [
  ...(next.visibility === 'password' && !next.hasPassword ? [{ field: 'access.password', message: ACCESS_RULE_TEXTS.passwordNeeded }] : []),
  ...(next.visibility === 'email_domain' && next.domainCount === 0
    ? [{ field: 'access.allowed_email_domains', message: ACCESS_RULE_TEXTS.domainNeeded }]
    : []),
];
