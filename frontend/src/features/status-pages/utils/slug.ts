/** The longest slug the server takes (shared/status-pages/schemas.ts STATUS_PAGE_SLUG_PATTERN). */
const SLUG_MAX = 48;

/**
 * The slug the form suggests for a page name (docs/status-pages.md "Managing pages"): lower case,
 * accents dropped, every run of other characters one hyphen, none at either end, cut to 48
 * characters. "Acme Cloud — API" -> "acme-cloud-api". It may still be too short or reserved; the
 * slug field then says so, as the server would.
 */
export const suggestSlug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');

/** The address a page with this slug answers at, on the app's own origin: `https://host/status/<slug>`. */
export const publicAddress = (origin: string, slug: string): string => `${origin}/status/${slug}`;
