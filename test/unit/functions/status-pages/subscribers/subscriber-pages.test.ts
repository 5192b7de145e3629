import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readFormBody } from '../../../../../functions/http/request-body.js';
import type { ApiEvent } from '../../../../../functions/http/responses.js';
import { renderSubscriberPage } from '../../../../../functions/services/status-pages/html/render-subscriber-page.js';
import { subscriberConfirmationEmail } from '../../../../../functions/services/status-pages/subscribers/confirmation-email.js';
import { csvCell, subscribersCsv } from '../../../../../functions/services/status-pages/subscribers/subscribers-csv.js';
import type { StoredSubscriber } from '../../../../../functions/repositories/status-subscriber-repository.js';

const SCRIPT = '<script>alert(1)</script>';
const ORIGIN = 'https://upwatch.example';

const formEvent = (body: string, contentType = 'application/x-www-form-urlencoded', isBase64Encoded = false) =>
  ({ body, isBase64Encoded, headers: { 'content-type': contentType } }) as unknown as ApiEvent;

describe('readFormBody', () => {
  it('keeps every value of a repeated field, in order', () => {
    const form = readFormBody(formEvent('email=a%40example.com&component_ids=c1&component_ids=c2'));
    expect(form.get('email')).toEqual(['a@example.com']);
    expect(form.get('component_ids')).toEqual(['c1', 'c2']);
  });

  it('reads a base64-encoded body and the one-click field (RFC 8058)', () => {
    const form = readFormBody(formEvent(Buffer.from('List-Unsubscribe=One-Click').toString('base64'), 'application/x-www-form-urlencoded; charset=utf-8', true));
    expect(form.get('List-Unsubscribe')).toEqual(['One-Click']);
  });

  it('reads no body as no fields and refuses another content type', () => {
    expect(readFormBody(formEvent('')).size).toBe(0);
    expect(() => readFormBody(formEvent('{"email":"x"}', 'application/json'))).toThrow(expect.objectContaining({ status: 415 }));
  });
});

describe('renderSubscriberPage', () => {
  const page = { name: `Acme ${SCRIPT}`, slug: 'acme', accentColor: '#fde047' };
  const rendered = renderSubscriberPage(
    page,
    { heading: 'Confirm your subscription', message: `Press ${SCRIPT}`, form: { action: '/status/acme/subscription/confirm', fields: { token: '"><b>x' }, button: 'Confirm subscription' } },
    { siteOrigin: ORIGIN },
  );

  it('shows the page name on top, the message, one button and a link back to the page, every text escaped', () => {
    expect(rendered.html).not.toContain(SCRIPT);
    expect(rendered.html).toContain('<p class="site-name">Acme &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(rendered.html).toContain('<form method="post" action="/status/acme/subscription/confirm"><input type="hidden" name="token" value="&quot;&gt;&lt;b&gt;x">');
    expect(rendered.html).toContain('<button class="button" type="submit">Confirm subscription</button>');
    expect(rendered.html).toContain(`<a href="${ORIGIN}/status/acme">Back to Acme &lt;script&gt;`);
    expect(rendered.html).toContain('<meta name="robots" content="noindex">');
  });

  it('runs no script and allows exactly its own style blocks', () => {
    expect(rendered.html).not.toContain('<script');
    expect(rendered.contentSecurityPolicy).toContain("script-src 'none'");
    const styles = [...rendered.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    expect(styles).toHaveLength(3);
    expect(rendered.contentSecurityPolicy).toContain(`style-src ${styles.join(' ')}`);
    expect(rendered.contentSecurityPolicy).toContain("form-action 'self'");
  });

  it("wears the page's accent colour, with text that reads on it", () => {
    expect(rendered.html).toContain('--accent:#fde047;--on-accent:#000000');
  });
});

describe('subscriberConfirmationEmail', () => {
  const mail = subscriberConfirmationEmail({ appUrl: ORIGIN, to: 'reader@example.com', pageName: `Acme ${SCRIPT}`, slug: 'acme', componentNames: [], token: 'tok_en' });

  it('names the page, says what the address will get, links the button and says a stranger may ignore it', () => {
    expect(mail.subject).toBe(`Confirm your subscription to Acme ${SCRIPT} status updates`);
    expect(mail.text).toContain('when something changes on the page');
    expect(mail.text).toContain(`${ORIGIN}/status/acme/subscription/confirm?token=tok_en`);
    expect(mail.text).toContain('The link works for 48 hours. If you did not ask for this, ignore this mail');
    expect(mail.html).not.toContain(SCRIPT);
  });
});

describe('the subscribers CSV', () => {
  const subscriber = (email: string, componentIds: string[], confirmedAt: string | null): StoredSubscriber => ({
    id: '01JDZ6X0Q4W8YF3B5N7M9P2R4T',
    pageId: 'p',
    email,
    status: confirmedAt ? 'confirmed' : 'pending',
    componentIds,
    createdAt: '2026-11-01T10:00:00.000Z',
    confirmedAt,
    confirmationSentAt: null,
    tokenHash: null,
  });

  it('has a header row, one row per subscriber, component names, and CRLF line ends', () => {
    const page = { components: [{ id: 'c1', monitor_id: 'm1', display_name: 'Website, EU', group: null }] };
    const csv = subscribersCsv(page, [subscriber('a@example.com', [], '2026-11-02T10:00:00.000Z'), subscriber('b@example.com', ['c1'], null)]);
    expect(csv).toBe(
      'email,status,components,created_at,confirmed_at\r\n' +
        'a@example.com,confirmed,Whole page,2026-11-01T10:00:00.000Z,2026-11-02T10:00:00.000Z\r\n' +
        'b@example.com,pending,"Website, EU",2026-11-01T10:00:00.000Z,\r\n',
    );
  });

  it('keeps a typed address from running as a spreadsheet formula', () => {
    expect(csvCell('=HYPERLINK("x")@example.com')).toBe(`"'=HYPERLINK(""x"")@example.com"`);
    expect(csvCell('+1@example.com')).toBe("'+1@example.com");
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
  });
});
