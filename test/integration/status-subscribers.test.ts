import { beforeAll, describe, expect, it } from 'vitest';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import { SUBSCRIBER_TEXTS, type SubscriberList } from '../../shared/status-pages/subscribers.js';
import { statusSubscribersPartition } from '../../shared/table/keys.js';
import { listConfirmedSubscribers } from '../../functions/repositories/status-subscriber-repository.js';
import { unsubscribeToken } from '../../functions/services/status-pages/subscribers/unsubscribe-token.js';
import { signInAdmin, userWithId } from './helpers/admin.js';
import { api, baseUrl, PASSWORD, latestMailTo, mailsTo, testClientIp, uniqueEmail, type StoredEmail } from './helpers/api.js';
import { createMonitorWithoutFirstCheck, itemsInPartition } from './helpers/pipeline.js';

/**
 * A status page's e-mail subscribers against the local cloud (docs/status-pages.md "Subscribers"):
 * subscribe -> the confirmation mail -> confirm with the button -> listed and exported -> one-click
 * unsubscribe -> gone; the same answer whatever the address's state; the owner's routes for the
 * owner only; bad input; the per-IP limit; deleting the page deletes its subscribers.
 */
beforeAll(signInAdmin);

type ErrorBody = { detail: string; code: string; errors?: { field: string }[] };

const uniqueSlug = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const pageWithTwoComponents = async (label: string) => {
  const owner = await userWithId(label);
  // Straight into the table: no first check to wait for, and no plan cap to lift.
  const ids: string[] = [];
  for (const name of ['website', 'api']) {
    ids.push((await createMonitorWithoutFirstCheck(owner.id, { name: `${label} ${name}`, url: `https://${name}.example.com`, check_interval: 3600, timeout: 30 })).id);
  }
  const page = await api<StatusPageView>('/api/status-pages', {
    method: 'POST',
    token: owner.token,
    body: { name: 'Acme <Cloud>', slug: uniqueSlug(label), components: ids.map((monitor_id, i) => ({ monitor_id, display_name: ['Website', 'Public API'][i] })) },
  });
  expect(page.status).toBe(201);
  return { owner, page: page.body };
};

const subscribe = (slug: string, body: unknown, headers?: Record<string, string>) =>
  api<{ message: string } & ErrorBody>(`/api/public/status/${slug}/subscribe`, { method: 'POST', body, headers });

/** A form post as a browser sends it with JavaScript off. */
const postForm = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': testClientIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const confirmationTokenFrom = (mail: StoredEmail, slug: string): string => {
  const found = new RegExp(`/status/${slug}/subscription/confirm\\?token=([A-Za-z0-9_%-]+)`).exec(mail.body.text ?? '');
  if (!found?.[1]) throw new Error(`no confirmation link in: ${mail.body.text}`);
  return decodeURIComponent(found[1]);
};

describe('status page subscribers', () => {
  it('subscribe, confirm by the button, listed and exported, one-click unsubscribe, gone', async () => {
    const { owner, page } = await pageWithTwoComponents('subs-life');
    const address = uniqueEmail('Visitor');

    const first = await subscribe(page.slug, { email: address.toUpperCase() });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: SUBSCRIBER_TEXTS.subscribeAccepted });
    const mail = await latestMailTo(address.toLowerCase());
    expect(mail.subject).toBe('Confirm your subscription to Acme <Cloud> status updates');
    expect(mail.body.text).toContain('If you did not ask for this, ignore this mail');
    expect(mail.body.html).toContain('Acme &lt;Cloud&gt;');
    const token = confirmationTokenFrom(mail, page.slug);

    // Asking again while pending: the same answer, and no second mail within the hour.
    expect(await subscribe(page.slug, { email: address })).toEqual(expect.objectContaining({ status: 202, body: first.body }));
    expect(await mailsTo(address.toLowerCase())).toHaveLength(1);

    // Opening the link confirms nothing: it shows the button.
    const confirmPath = `/status/${page.slug}/subscription/confirm`;
    const opened = await fetch(`${baseUrl()}${confirmPath}?token=${encodeURIComponent(token)}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    const button = await opened.text();
    expect(button).toContain('Confirm subscription</button>');
    expect(button).toContain('Acme &lt;Cloud&gt;');
    const before = await api<SubscriberList>(`/api/status-pages/${page.id}/subscribers`, { token: owner.token });
    expect(before.body).toMatchObject({ confirmed: 0, pending: 1, next_cursor: null });
    expect(before.body.subscribers).toEqual([expect.objectContaining({ email: address.toLowerCase(), status: 'pending', component_ids: [], confirmed_at: null })]);

    const pressed = await postForm(confirmPath, [['token', token]]);
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain(SUBSCRIBER_TEXTS.confirmed);
    // Pressing it again says the same.
    expect((await postForm(confirmPath, [['token', token]])).status).toBe(200);
    expect(await subscribe(page.slug, { email: address })).toEqual(expect.objectContaining({ status: 202, body: first.body }));
    expect(await mailsTo(address.toLowerCase())).toHaveLength(1);

    // A second visitor through the page's own form, for one component.
    const second = uniqueEmail('form');
    const apiComponent = page.components[1]!;
    const formAnswer = await postForm(`/status/${page.slug}/subscribe`, [
      ['email', second],
      ['component_ids', apiComponent.id],
    ]);
    expect(formAnswer.status).toBe(200);
    expect(formAnswer.headers.get('content-type')).toContain('text/html');
    expect(await formAnswer.text()).toContain(SUBSCRIBER_TEXTS.subscribeAccepted);
    expect(await latestMailTo(second)).toMatchObject({ subject: 'Confirm your subscription to Acme <Cloud> status updates' });

    const listed = await api<SubscriberList>(`/api/status-pages/${page.id}/subscribers`, { token: owner.token });
    expect(listed.body).toMatchObject({ confirmed: 1, pending: 1 });
    expect(listed.body.subscribers.map((s) => [s.email, s.status, s.component_ids])).toEqual([
      [second, 'pending', [apiComponent.id]],
      [address.toLowerCase(), 'confirmed', []],
    ]);
    const firstPage = await api<SubscriberList>(`/api/status-pages/${page.id}/subscribers?limit=1`, { token: owner.token });
    expect(firstPage.body.subscribers.map((s) => s.email)).toEqual([second]);
    const nextPage = await api<SubscriberList>(`/api/status-pages/${page.id}/subscribers?limit=1&cursor=${firstPage.body.next_cursor}`, { token: owner.token });
    expect(nextPage.body.subscribers.map((s) => s.email)).toEqual([address.toLowerCase()]);

    const confirmed = await listConfirmedSubscribers(page.id);
    expect(confirmed).toEqual({ subscribers: [{ id: listed.body.subscribers[1]!.id, email: address.toLowerCase(), component_ids: [] }], next_cursor: null });

    const exported = await fetch(`${baseUrl()}/api/status-pages/${page.id}/subscribers/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="${page.slug}-subscribers.csv"`);
    const lines = (await exported.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('email,status,components,created_at,confirmed_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      [second, 'pending', 'Public API'],
      [address.toLowerCase(), 'confirmed', 'Whole page'],
    ]);

    // The second confirms too: the confirmed ones come a page at a time, oldest first.
    expect((await postForm(confirmPath, [['token', confirmationTokenFrom(await latestMailTo(second), page.slug)]])).status).toBe(200);
    const confirmedFirst = await listConfirmedSubscribers(page.id, { limit: 1 });
    expect(confirmedFirst.subscribers.map((s) => s.email)).toEqual([address.toLowerCase()]);
    const confirmedNext = await listConfirmedSubscribers(page.id, { limit: 1, cursor: confirmedFirst.next_cursor! });
    expect(confirmedNext.subscribers).toEqual([{ id: listed.body.subscribers[0]!.id, email: second, component_ids: [apiComponent.id] }]);

    // One-click unsubscribe (RFC 8058): the mail client POSTs the link with this body. The link was
    // mailed before the owner changed the page's address: the token names the page by id, so it works.
    const link = `/status/${page.slug}/unsubscribe?token=${encodeURIComponent(await unsubscribeToken({ pageId: page.id, subscriberId: listed.body.subscribers[1]!.id }))}`;
    const moved = `${page.slug}-moved`;
    expect((await api(`/api/status-pages/${page.id}`, { method: 'PUT', token: owner.token, body: { slug: moved } })).status).toBe(200);
    const unsubscribePage = await fetch(`${baseUrl()}${link}`);
    expect(unsubscribePage.status).toBe(200);
    expect(await unsubscribePage.text()).toContain('Unsubscribe</button>');
    const oneClick = await postForm(link, [['List-Unsubscribe', 'One-Click']]);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(SUBSCRIBER_TEXTS.unsubscribed);
    expect((await postForm(link, [['List-Unsubscribe', 'One-Click']])).status).toBe(200);
    expect((await api(`/api/status-pages/${page.id}`, { method: 'PUT', token: owner.token, body: { slug: page.slug } })).status).toBe(200);
    const after = await api<SubscriberList>(`/api/status-pages/${page.id}/subscribers`, { token: owner.token });
    expect(after.body).toMatchObject({ confirmed: 1, pending: 0 });
    expect(after.body.subscribers.map((s) => s.email)).toEqual([second]);
    expect((await listConfirmedSubscribers(page.id)).subscribers.map((s) => s.email)).toEqual([second]);

    // A link that is not ours removes nothing.
    const forged = await postForm(`/status/${page.slug}/unsubscribe?token=${page.id}.${after.body.subscribers[0]!.id}.AAAA`, []);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(SUBSCRIBER_TEXTS.unsubscribeLinkInvalid);

    // The owner removes the other; deleting the page deletes whatever is left of its subscribers.
    expect((await api(`/api/status-pages/${page.id}/subscribers/${after.body.subscribers[0]!.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(`/api/status-pages/${page.id}/subscribers/${after.body.subscribers[0]!.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    expect(await subscribe(page.slug, { email: uniqueEmail('last') })).toMatchObject({ status: 202 });
    expect(await itemsInPartition(statusSubscribersPartition(page.id))).not.toEqual([]);
    expect((await api(`/api/status-pages/${page.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect(await itemsInPartition(statusSubscribersPartition(page.id))).toEqual([]);
  });

  it("erasing the owner's account deletes the subscribers of its pages", async () => {
    const { owner, page } = await pageWithTwoComponents('subs-erase');
    expect((await subscribe(page.slug, { email: uniqueEmail('erased') })).status).toBe(202);
    expect(await itemsInPartition(statusSubscribersPartition(page.id))).not.toEqual([]);
    expect((await api('/api/auth/delete-account', { method: 'DELETE', token: owner.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await itemsInPartition(statusSubscribersPartition(page.id))).toEqual([]);
  });

  it("refuses bad input, another account's page, unknown links, and too many requests from one IP", async () => {
    const { owner, page } = await pageWithTwoComponents('subs-bad');
    const stranger = await userWithId('subs-stranger');

    const badEmail = await subscribe(page.slug, { email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.errors?.map((error) => error.field)).toEqual(['email']);
    const unknownComponent = await subscribe(page.slug, { email: uniqueEmail('unknown'), component_ids: ['01JDZ6X0Q4W8YF3B5N7M9P2R4T'] });
    expect(unknownComponent.status).toBe(400);
    expect(unknownComponent.body).toMatchObject({ detail: 'Choose components shown on this page', errors: [{ field: 'component_ids' }] });
    const badForm = await postForm(`/status/${page.slug}/subscribe`, [['email', '<script>x</script>']]);
    expect(badForm.status).toBe(400);
    const badFormText = await badForm.text();
    expect(badFormText).toContain('Please enter a valid email address');
    expect(badFormText).not.toContain('<script>x');
    expect((await subscribe('no-such-page-here', { email: uniqueEmail('nowhere') })).status).toBe(404);
    expect((await postForm('/status/no-such-page-here/subscribe', [['email', uniqueEmail('nowhere')]])).status).toBe(404);

    const invalidConfirm = await fetch(`${baseUrl()}/status/${page.slug}/subscription/confirm?token=made-up`);
    expect(invalidConfirm.status).toBe(400);
    expect(await invalidConfirm.text()).toContain(SUBSCRIBER_TEXTS.confirmLinkInvalid);

    // Another account's page is a 404 on each of the owner's routes, as is a page id that is none.
    for (const path of [`/api/status-pages/${page.id}/subscribers`, `/api/status-pages/${page.id}/subscribers/export`, '/api/status-pages/nope/subscribers']) {
      expect((await api(path, { token: stranger.token })).status).toBe(404);
    }
    expect((await api(`/api/status-pages/${page.id}/subscribers/01JDZ6X0Q4W8YF3B5N7M9P2R4T`, { method: 'DELETE', token: stranger.token })).status).toBe(404);
    expect((await api(`/api/status-pages/${page.id}/subscribers`)).status).toBe(401);
    expect((await api(`/api/status-pages/${page.id}/subscribers`, { token: owner.token })).status).toBe(200);

    // The JSON route and the form share one per-IP counter.
    const ip = { 'x-forwarded-for': '198.51.100.140' };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await subscribe(page.slug, { email: 'not-an-address' }, ip)).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await subscribe(page.slug, { email: uniqueEmail('late') }, ip)).status).toBe(429);
    expect((await postForm(`/status/${page.slug}/subscribe`, [['email', uniqueEmail('late')]], ip)).status).toBe(429);
  });
});
