import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRIVATE_PAGE_TEXTS } from '../../../../shared/status-pages/private-access.js';
import { renderPrivateGate } from '../../../../functions/services/status-pages/html/render-private-gate.js';

const ORIGIN = 'https://upwatch.example';
const styleHashes = (html: string): string[] =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);

describe('renderPrivateGate', () => {
  it('shows the password form posting to the page’s sign-in route, with no script, not indexed', () => {
    const { html, contentSecurityPolicy } = renderPrivateGate({ slug: 'acme', form: 'password', notice: null }, { siteOrigin: ORIGIN });
    expect(html).toContain(`<h1>${PRIVATE_PAGE_TEXTS.heading}</h1>`);
    expect(html).toContain(PRIVATE_PAGE_TEXTS.passwordPrompt);
    expect(html).toContain('<form method="post" action="/status/acme/access"><label for="sp-password">Password</label>');
    expect(html).toContain('name="password" type="password" autocomplete="current-password" required');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('rel="canonical"');
    expect(contentSecurityPolicy).toContain("script-src 'none'");
    for (const hash of styleHashes(html)) expect(contentSecurityPolicy).toContain(hash);
  });

  it('shows the e-mail form, and what just happened: an error as an alert, a sent link as a status', () => {
    const sent = renderPrivateGate({ slug: 'acme', form: 'email_domain', notice: 'linkSent' }, { siteOrigin: ORIGIN }).html;
    expect(sent).toContain(PRIVATE_PAGE_TEXTS.emailPrompt);
    expect(sent).toContain('name="email" type="email" autocomplete="email" required');
    expect(sent).toContain(`role="status">${PRIVATE_PAGE_TEXTS.linkSent}</p>`);
    const wrong = renderPrivateGate({ slug: 'acme', form: 'password', notice: 'wrongPassword' }, { siteOrigin: ORIGIN }).html;
    expect(wrong).toContain(`role="alert">${PRIVATE_PAGE_TEXTS.wrongPassword}</p>`);
    const invalid = renderPrivateGate({ slug: 'acme', form: 'email_domain', notice: 'linkInvalid' }, { siteOrigin: ORIGIN }).html;
    expect(invalid).toContain(`role="alert">${PRIVATE_PAGE_TEXTS.linkInvalid}</p>`);
  });
});
