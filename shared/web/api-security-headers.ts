/**
 * The security headers every JSON answer of the API carries (docs/security.md "Browser"), from the
 * functions (functions/http/responses.ts) and the local gateway's own refusals alike: the browser
 * never sniffs JSON into HTML, a link never leaks the API's address, and a JSON document opened as
 * a page may run, load and frame nothing. On AWS CloudFront adds HSTS to all of /api/* as well
 * (infra/stacks/web-stack.ts); `X-XSS-Protection` is sent nowhere (browsers dropped the filter, and
 * its block mode could be used to switch a page's scripts off).
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const;
