import type { StoredStatusPage } from '../../../repositories/status-page-repository.js';
import { accentPalette } from './accent-colour.js';
import { escapeHtml } from './escape-html.js';
import { accentStyles, PAGE_STYLES } from './page-styles.js';
import { head, policy, type RenderedDocument } from './render-status-page.js';
import { SUBSCRIBER_PAGE_TEXT } from './subscriber-page-texts.js';

/**
 * The small pages a subscriber sees (docs/status-pages.md "Subscribers"): "check your inbox", the
 * confirm and unsubscribe buttons, what happened, or why a link does not work. Each wears the
 * page's name and accent colour like the page itself, with a link back to it; no script, its own
 * Content-Security-Policy, and never indexed. A button is a plain form, so it works with
 * JavaScript off, and a mail scanner that only opens links presses nothing.
 */

/** A form with one button that posts to `action` (a path on this site) with hidden fields. */
export interface SubscriberPageForm {
  action: string;
  fields: Readonly<Record<string, string>>;
  button: string;
}

export interface SubscriberPageContent {
  heading: string;
  message: string;
  form?: SubscriberPageForm;
}

const NOTICE_STYLES = `.notice{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:20px;margin-bottom:20px}
.notice h1{font-size:1.5rem;line-height:1.25}.notice p{margin-top:8px}.notice form{margin-top:16px}
.button{background:var(--accent);color:var(--on-accent);border:0;border-radius:8px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer}
.site-name{font-size:1.4rem;font-weight:700}
.button:hover{filter:brightness(.92)}.button:focus-visible{outline:3px solid #111827;outline-offset:2px}`;

const formHtml = (form: SubscriberPageForm): string =>
  `<form method="post" action="${escapeHtml(form.action)}">` +
  Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('') +
  `<button class="button" type="submit">${escapeHtml(form.button)}</button></form>`;

export const renderSubscriberPage = (
  page: Pick<StoredStatusPage, 'name' | 'slug' | 'accentColor'>,
  content: SubscriberPageContent,
  options: { siteOrigin: string },
): RenderedDocument => {
  const styles = [PAGE_STYLES, accentStyles(accentPalette(page.accentColor)), NOTICE_STYLES];
  const pageUrl = `${options.siteOrigin}/status/${encodeURIComponent(page.slug)}`;
  const html =
    `<!doctype html><html lang="en">` +
    head({ title: `${content.heading} · ${page.name}`, description: content.message, canonical: null, image: null, styles }) +
    `<body><header class="top"><div class="wrap"><p class="site-name">${escapeHtml(page.name)}</p></div></header>` +
    `<main id="main" class="wrap"><div class="notice" role="status"><h1>${escapeHtml(content.heading)}</h1><p>${escapeHtml(content.message)}</p>` +
    (content.form ? formHtml(content.form) : '') +
    `</div><p><a href="${escapeHtml(pageUrl)}">${escapeHtml(SUBSCRIBER_PAGE_TEXT.backToPage(page.name))}</a></p></main>` +
    `<footer class="wrap"><p>${SUBSCRIBER_PAGE_TEXT.poweredBy} <a href="${escapeHtml(`${options.siteOrigin}/`)}">Upwatch</a></p></footer>` +
    `</body></html>`;
  return { html, contentSecurityPolicy: policy(styles, null) };
};
