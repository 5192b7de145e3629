import { PRIVATE_PAGE_TEXTS } from '../../../../shared/status-pages/private-access.js';
import { accentPalette } from './accent-colour.js';
import { escapeHtml } from './escape-html.js';
import { accentStyles, PAGE_STYLES } from './page-styles.js';
import { footer, head, policy, type RenderedDocument, type RenderOptions } from './render-status-page.js';

/**
 * The small page a visitor of a private status page sees without access (docs/status-pages.md
 * "Private pages"): the password form or the e-mail form, with what happened last (a wrong
 * password, a link sent, a link that no longer works). It names nothing of the page but its
 * address, is never indexed, and works with JavaScript off (it has no script).
 */

/** Which form the page shows: its visibility's. */
export type GateForm = 'password' | 'email_domain';

/** What the visitor is told above the form, if anything. */
export type GateNotice = 'wrongPassword' | 'linkSent' | 'linkInvalid' | null;

/** The gate's own words besides PRIVATE_PAGE_TEXTS. */
export const GATE_TEXT = {
  passwordLabel: 'Password',
  passwordButton: 'View page',
  emailLabel: 'Work e-mail address',
  emailButton: 'Send sign-in link',
} as const;

const GATE_STYLES = `.gate{max-width:420px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:24px}
.gate form{margin-top:16px;display:flex;flex-direction:column;gap:8px}
.gate label{font-weight:600}
.gate input{font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px}
.gate input:focus{outline:2px solid #111827;outline-offset:1px}
.gate button{font:inherit;font-weight:600;padding:10px 14px;border:0;border-radius:8px;background:#1f2937;color:#fff;cursor:pointer}
.gate button:focus{outline:2px solid #111827;outline-offset:2px}
.notice{margin-top:12px;padding:10px 12px;border-radius:8px}
.notice-error{background:#fef2f2;color:#991b1b}
.notice-ok{background:#f0fdf4;color:#166534}`;

const notice = (which: GateNotice): string => {
  if (which === null) return '';
  const ok = which === 'linkSent';
  return `<p class="notice ${ok ? 'notice-ok' : 'notice-error'}" role="${ok ? 'status' : 'alert'}">${escapeHtml(PRIVATE_PAGE_TEXTS[which])}</p>`;
};

const form = (which: GateForm, action: string): string =>
  which === 'password'
    ? `<form method="post" action="${escapeHtml(action)}"><label for="sp-password">${GATE_TEXT.passwordLabel}</label>` +
      `<input id="sp-password" name="password" type="password" autocomplete="current-password" required>` +
      `<button type="submit">${GATE_TEXT.passwordButton}</button></form>`
    : `<form method="post" action="${escapeHtml(action)}"><label for="sp-email">${GATE_TEXT.emailLabel}</label>` +
      `<input id="sp-email" name="email" type="email" autocomplete="email" required>` +
      `<button type="submit">${GATE_TEXT.emailButton}</button></form>`;

/** The gate of the page at `/status/<slug>`: its form, and the notice of what just happened. */
export const renderPrivateGate = (opts: { slug: string; form: GateForm; notice: GateNotice }, options: RenderOptions): RenderedDocument => {
  const styles = [PAGE_STYLES, accentStyles(accentPalette(null)), GATE_STYLES];
  const prompt = opts.form === 'password' ? PRIVATE_PAGE_TEXTS.passwordPrompt : PRIVATE_PAGE_TEXTS.emailPrompt;
  const html =
    `<!doctype html><html lang="en">` +
    head({ title: PRIVATE_PAGE_TEXTS.heading, description: prompt, canonical: null, image: null, styles }) +
    `<body><header class="top"><div class="wrap"><h1>${PRIVATE_PAGE_TEXTS.heading}</h1></div></header>` +
    `<main id="main" class="wrap"><div class="gate">` +
    `<p>${escapeHtml(prompt)}</p>${notice(opts.notice)}${form(opts.form, `/status/${opts.slug}/access`)}</div></main>` +
    footer(options.siteOrigin) +
    `</body></html>`;
  return { html, contentSecurityPolicy: policy(styles, null) };
};
