// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBSCRIBER_TEXTS } from '../../../../shared/status-pages/subscribers.js';
import { renderStatusPage } from '../../../../functions/services/status-pages/html/render-status-page.js';
import { isAppError } from '../../../../shared/errors.js';
import { renderSubscribeForm, subscribeFormInput, subscribePaths } from '../../../../functions/services/status-pages/html/render-subscribe-form.js';
import { SUBSCRIBE_SCRIPT } from '../../../../functions/services/status-pages/html/subscribe-script.js';
import { SUBSCRIBE_FORM_TEXT } from '../../../../functions/services/status-pages/html/texts.js';
import { publicPageFixture } from './public-page-fixture.js';

const ORIGIN = 'https://upwatch.example';
const SCRIPT = '<script>alert(1)</script>';
const FEEDS = [
  { label: 'Atom', href: `${ORIGIN}/status/acme/feed.atom`, type: 'application/atom+xml' },
  { label: 'RSS', href: `${ORIGIN}/status/acme/feed.rss`, type: 'application/rss+xml' },
];

describe('renderSubscribeForm', () => {
  it('posts a plain form to the page route, so it works with JavaScript off', () => {
    const html = renderSubscribeForm(publicPageFixture('operational'), FEEDS);
    expect(html).toContain('<form class="sub-form" method="post" action="/status/acme/subscribe" data-api="/api/public/status/acme/subscribe"');
    expect(html).not.toContain('enctype=');
    expect(html).toContain('<label for="sub-email">Email address</label>');
    expect(html).toContain('<input id="sub-email" name="email" type="email" required maxlength="254" autocomplete="email"');
    expect(html).toContain('<button type="submit">Subscribe</button>');
    expect(html).toContain('<p class="sub-answer" role="status"></p>');
  });

  it('offers the whole page, chosen first, or the components ticked below it', () => {
    const html = renderSubscribeForm(publicPageFixture('operational'), FEEDS);
    expect(html).toContain('<legend>Send me updates about</legend>');
    expect(html).toContain('<input type="radio" id="sub-all" name="scope" value="page" checked><label for="sub-all">The whole page</label>');
    expect(html).toContain('<input type="radio" id="sub-some" name="scope" value="components"><label for="sub-some">Only the components I choose</label>');
  });

  it('groups the component checkboxes as the page groups them, ungrouped ones first without a heading', () => {
    const html = renderSubscribeForm(publicPageFixture('operational'), FEEDS);
    const box = (id: string, name: string) =>
      `<li><input type="checkbox" id="sub-c-${id}" name="component_ids" value="${id}"><label for="sub-c-${id}">${name}</label></li>`;
    expect(html).toContain(
      `<div class="sub-components"><ul>${box('cmp-web', 'Website')}${box('cmp-api', 'API')}</ul>` +
        `<fieldset><legend>Regions</legend><ul>${box('cmp-eu', 'Europe')}${box('cmp-asia', 'Asia')}</ul></fieldset></div>`,
    );
  });

  it('asks for an address alone on a page without components, and leaves out empty groups', () => {
    expect(renderSubscribeForm({ slug: 'acme', groups: [] }, FEEDS)).not.toContain('name="scope"');
    const html = renderSubscribeForm({ slug: 'acme', groups: [{ name: 'Empty', components: [] }] }, FEEDS);
    expect(html).not.toContain('Empty');
    expect(html).not.toContain('sub-components');
  });

  it('shows script in a component or group name as text', () => {
    const page = publicPageFixture('operational');
    page.groups[0]!.components[0]!.name = SCRIPT;
    page.groups[0]!.components[0]!.id = `"><b>`;
    page.groups[1]!.name = SCRIPT;
    const html = renderSubscribeForm(page, FEEDS);
    expect(html).not.toContain('<script>');
    expect(html).toContain('<legend>&lt;script&gt;alert(1)&lt;/script&gt;</legend>');
    expect(html).toContain('value="&quot;&gt;&lt;b&gt;"><label for="sub-c-&quot;&gt;&lt;b&gt;">&lt;script&gt;');
  });

  it('links the feeds beside the form', () => {
    const html = renderSubscribeForm(publicPageFixture('operational'), FEEDS);
    expect(html).toContain(
      `<p class="feeds">Or follow in a feed reader: <a href="${ORIGIN}/status/acme/feed.atom" type="application/atom+xml">Atom</a> · ` +
        `<a href="${ORIGIN}/status/acme/feed.rss" type="application/rss+xml">RSS</a></p>`,
    );
  });

  it('encodes the slug into both paths', () => {
    expect(subscribePaths('a b')).toEqual({ form: '/status/a%20b/subscribe', api: '/api/public/status/a%20b/subscribe' });
  });
});

describe('subscribeFormInput (the form posted with JavaScript off)', () => {
  const fields = (entries: [string, string][]) => {
    const map = new Map<string, string[]>();
    for (const [name, value] of entries) map.set(name, [...(map.get(name) ?? []), value]);
    return map;
  };

  it('sends the ticked components when the visitor chose them', () => {
    const input = subscribeFormInput(fields([['email', 'a@example.com'], ['scope', 'components'], ['component_ids', 'c1'], ['component_ids', 'c2']]));
    expect(input).toEqual({ email: 'a@example.com', component_ids: ['c1', 'c2'] });
  });

  it('is the whole page when "The whole page" is chosen, whatever boxes were ticked and then hidden', () => {
    expect(subscribeFormInput(fields([['email', 'a@example.com'], ['scope', 'page'], ['component_ids', 'c1']]))).toEqual({ email: 'a@example.com' });
  });

  it('refuses "Only the components I choose" with none ticked, naming the field', () => {
    let refusal: unknown;
    try {
      subscribeFormInput(fields([['email', 'a@example.com'], ['scope', 'components']]));
    } catch (error) {
      refusal = error;
    }
    expect(isAppError(refusal) && refusal.code).toBe('VALIDATION_FAILED');
    expect(isAppError(refusal) && refusal.detail).toBe(SUBSCRIBE_FORM_TEXT.chooseComponent);
  });

  it('reads a form without a scope (a page rendered before it) by its boxes, and a missing address as empty', () => {
    expect(subscribeFormInput(fields([['component_ids', 'c1']]))).toEqual({ email: '', component_ids: ['c1'] });
  });
});

describe('the status page and its "Get updates" section', () => {
  const { html } = renderStatusPage(publicPageFixture('operational'), { siteOrigin: ORIGIN });

  it('links to the section from the header', () => {
    expect(html).toMatch(/<header class="top">.*<a class="get-updates" href="#subscribe">Get updates<\/a><\/div><\/header>/);
  });

  it('keeps the form out of <main>, so the live refresh never wipes a half-typed address', () => {
    expect(html.indexOf('<section class="wrap sub" id="subscribe"')).toBeGreaterThan(html.indexOf('</main>'));
    expect(html.indexOf('id="subscribe"')).toBeLessThan(html.indexOf('<footer'));
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toContain('sub-form');
  });
});

describe('the form with JavaScript on', () => {
  const mount = () => {
    document.body.innerHTML = renderSubscribeForm(publicPageFixture('operational'), FEEDS);
    new Function(SUBSCRIBE_SCRIPT)();
    const form = document.querySelector<HTMLFormElement>('.sub-form')!;
    const email = document.querySelector<HTMLInputElement>('#sub-email')!;
    const answer = () => document.querySelector('.sub-answer')!.textContent;
    const submit = () => form.dispatchEvent(new Event('submit', { cancelable: true }));
    return { form, email, answer, submit };
  };
  const tick = async (text: () => string | null) => vi.waitFor(() => expect(text()).not.toBe(''));

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('posts the address as JSON for the whole page and says the server accepted it', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: SUBSCRIBER_TEXTS.subscribeAccepted }), { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const { email, answer, submit } = mount();
    email.value = 'visitor@example.com';
    (document.querySelector('#sub-c-cmp-api') as HTMLInputElement).checked = true;
    submit();
    await tick(answer);
    expect(answer()).toBe(SUBSCRIBER_TEXTS.subscribeAccepted);
    expect(fetch).toHaveBeenCalledWith('/api/public/status/acme/subscribe', expect.objectContaining({ method: 'POST' }));
    // "The whole page" is chosen: a box ticked and then hidden is not sent.
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ email: 'visitor@example.com' });
    expect(email.value).toBe('');
  });

  it('sends the ticked components when the visitor chose them', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const { email, answer, submit } = mount();
    email.value = 'visitor@example.com';
    (document.querySelector('#sub-some') as HTMLInputElement).checked = true;
    (document.querySelector('#sub-c-cmp-api') as HTMLInputElement).checked = true;
    (document.querySelector('#sub-c-cmp-eu') as HTMLInputElement).checked = true;
    submit();
    await tick(answer);
    expect(answer()).toBe(SUBSCRIBER_TEXTS.subscribeAccepted);
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      email: 'visitor@example.com',
      component_ids: ['cmp-api', 'cmp-eu'],
    });
  });

  it('asks for a component when none is ticked, without posting', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { email, answer, submit } = mount();
    email.value = 'visitor@example.com';
    (document.querySelector('#sub-some') as HTMLInputElement).checked = true;
    submit();
    expect(answer()).toBe(SUBSCRIBE_FORM_TEXT.chooseComponent);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in its own words and keeps the address", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ detail: 'Please enter a valid email address' }), { status: 400 })));
    const { email, answer, submit } = mount();
    email.value = 'not-an-address';
    submit();
    await tick(answer);
    expect(answer()).toBe('Please enter a valid email address');
    expect(email.value).toBe('not-an-address');
  });

  it('says to try again when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const { email, answer, submit } = mount();
    email.value = 'visitor@example.com';
    submit();
    await tick(answer);
    expect(answer()).toBe(SUBSCRIBE_FORM_TEXT.failed);
  });
});
