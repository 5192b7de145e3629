import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ulid } from 'ulid';
import type { CheckResult } from '../../shared/checks/check-result.js';
import type { Incident } from '../../shared/incidents/schemas.js';
import type { StatusPageView } from '../../shared/status-pages/schemas.js';
import { SUBSCRIBER_LIMITS } from '../../shared/status-pages/subscribers.js';
import { monitorStateKey } from '../../shared/table/keys.js';
import { api, baseUrl, latestMailTo, testClientIp } from './helpers/api.js';
import { as, signInAdmin, userWithId } from './helpers/admin.js';
import { checkerRegions, getTableItem, startTargetSite, waitFor } from './helpers/pipeline.js';

/**
 * docs/status-pages.md "Subscriber mails" against the local cloud: an incident opened by the checks,
 * an owner's update and the resolution each reach a confirmed subscriber of the page exactly once,
 * through the alerts consumer, the subscriber-notices queue and the subscriber mailer, with the
 * one-click unsubscribe headers; a subscriber of another component gets none, one who unsubscribed
 * gets none after, and a redelivered queue message mails nobody twice. The rounds are decided in
 * the test process (round ids ahead of the real checks), the rest runs in the cloud.
 */
beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  await signInAdmin();
});

interface StoredMail {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
}

const mailsTo = async (address: string): Promise<StoredMail[]> => {
  const store = (await (await fetch(inject('sesStoreUrl'))).json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
};
/** The subjects of the page's own mails to `address` (not the confirmation mail). */
const subjectsTo = async (address: string) => (await mailsTo(address)).map((mail) => mail.subject).filter((subject) => subject.startsWith('[Acme status]'));
const waitForSubject = (address: string, subject: string) =>
  waitFor(`"${subject}" to ${address}`, async () => ((await subjectsTo(address)).includes(subject) ? true : undefined));

const MINUTE = 60_000;

const results = (monitorId: string, round: string, outcome: 'up' | 'down'): CheckResult[] =>
  checkerRegions().map((region) => ({
    monitorId,
    region,
    round,
    outcome,
    ...(outcome === 'down' ? { errorCategory: 'http_5xx' as const, message: 'HTTP 500' } : {}),
    statusCode: outcome === 'down' ? 500 : 200,
    timings: { dns: null, connect: 1, tls: null, ttfb: 2, total: 3 },
    checkedAt: round,
    attempts: outcome === 'down' ? 2 : 1,
  })) as CheckResult[];

/** A visitor subscribes to the whole page and confirms from the mail, as docs/status-pages.md "Subscribers" says. */
const subscribeAndConfirm = async (slug: string, email: string): Promise<void> => {
  const asked = await api(`/api/public/status/${slug}/subscribe`, { method: 'POST', body: { email } });
  expect(asked.status).toBe(202);
  const link = new RegExp(`/status/${slug}/subscription/confirm\\?token=([A-Za-z0-9_%-]+)`).exec((await latestMailTo(email)).body.text ?? '');
  const pressed = await fetch(`${baseUrl()}/status/${slug}/subscription/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': testClientIp() },
    body: new URLSearchParams([['token', decodeURIComponent(link![1]!)]]).toString(),
  });
  expect(pressed.status).toBe(200);
};

/** A confirmed subscriber of chosen components, stored as the subscribe and confirm routes store one. */
const confirmedSubscriber = async (userId: string, pageId: string, email: string, componentIds: string[]): Promise<string> => {
  const { addPendingSubscriber, confirmPendingSubscriber } = await import('../../functions/repositories/status-subscriber-repository.js');
  const now = new Date();
  const id = ulid();
  const tokenHash = `hash-${id}`;
  const added = await addPendingSubscriber({
    userId,
    subscriber: { id, pageId, email, status: 'pending', componentIds, createdAt: now.toISOString(), confirmedAt: null, confirmationSentAt: now.toISOString(), tokenHash },
    tokenHash,
    tokenExpiresAt: Math.floor(now.getTime() / 1000) + 3600,
    caps: { pendingMax: SUBSCRIBER_LIMITS.pendingPerPageMax, totalMax: SUBSCRIBER_LIMITS.perPageMax },
  });
  expect(added).toBe('added');
  expect(await confirmPendingSubscriber(pageId, id, tokenHash, now)).toBe(true);
  return id;
};

describe('mails to status page subscribers', () => {
  it('one mail per incident opened, update and resolution; none for another component or after unsubscribing; none twice', async () => {
    const site = await startTargetSite();
    site.answerWith({ status: 200 });
    try {
      const owner = await userWithId('subs-mails');
      // Pro: two monitors on one page.
      expect((await as(`/api/admin/users/${owner.id}/upgrade`, { method: 'POST', body: { tier: 'pro' } })).status).toBe(200);
      const monitor = async (name: string) => {
        const created = await api<{ id: string }>('/api/monitors', {
          method: 'POST',
          token: owner.token,
          body: { name, url: site.url(name.toLowerCase().replace(/\W/g, '')), check_interval: 300, timeout: 30 },
        });
        expect(created.status).toBe(201);
        return created.body.id;
      };
      const apiMonitor = await monitor('Api server');
      const webMonitor = await monitor('Web server');
      await waitFor('the first check', async () => ((await getTableItem(monitorStateKey(owner.id, apiMonitor)))?.is_up === true ? true : undefined));

      const slug = `acme-${Math.random().toString(36).slice(2, 8)}`;
      const page = await api<StatusPageView>('/api/status-pages', {
        method: 'POST',
        token: owner.token,
        body: { name: 'Acme status', slug, components: [{ monitor_id: apiMonitor, display_name: 'Public API' }, { monitor_id: webMonitor, display_name: 'Website' }] },
      });
      expect(page.status).toBe(201);
      const webComponent = page.body.components.find((component) => component.monitor_id === webMonitor)!.id;

      const stamp = Math.random().toString(36).slice(2, 8);
      const wholePage = `whole-${stamp}@example.com`;
      const websiteOnly = `website-${stamp}@example.com`;
      const leaving = `leaving-${stamp}@example.com`;
      await subscribeAndConfirm(slug, wholePage);
      await confirmedSubscriber(owner.id, page.body.id, websiteOnly, [webComponent]);
      await confirmedSubscriber(owner.id, page.body.id, leaving, []);

      // The checks find the API down: the alerts consumer queues the page's notice.
      const { applyDecidedRound } = await import('../../functions/services/checks/apply-round.js');
      const decide = async (at: number, outcome: 'up' | 'down') => {
        const round = new Date(Math.floor(at / MINUTE) * MINUTE).toISOString();
        const applied = await applyDecidedRound(
          { userId: owner.id, monitorId: apiMonitor, round, expectedRegions: checkerRegions(), deadlinePassed: true, tier: 'free', alertsQueueUrl: process.env.ALERTS_QUEUE_URL! },
          results(apiMonitor, round, outcome),
        );
        expect(applied.outcome).toBe('applied');
      };
      await decide(Date.now() + 10 * MINUTE, 'down');
      const opened = '[Acme status] Public API is down: Investigating';
      await waitForSubject(wholePage, opened);
      await waitForSubject(leaving, opened);

      // Every mail carries the one-click unsubscribe (RFC 8058), and the same link in its footer.
      const first = (await mailsTo(wholePage)).find((mail) => mail.subject === opened);
      const header = (name: string) => first!.headers?.find((field) => field.name.toLowerCase() === name.toLowerCase())?.value;
      expect(header('List-Unsubscribe')).toMatch(new RegExp(`^<http://[^>]+/status/${slug}/unsubscribe\\?token=[^>]+>$`));
      expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(first!.body.text).toContain(`Unsubscribe: ${header('List-Unsubscribe')!.slice(1, -1)}`);

      // One subscriber leaves with their mail client's one-click unsubscribe; then the owner posts an update.
      const leavingMail = (await mailsTo(leaving)).find((mail) => mail.subject === opened)!;
      const leaveUrl = leavingMail.headers!.find((field) => field.name.toLowerCase() === 'list-unsubscribe')!.value.slice(1, -1);
      const oneClick = await fetch(leaveUrl.replace(/^https?:\/\/[^/]+/, baseUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': testClientIp() },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      const incidentId = ((await getTableItem(monitorStateKey(owner.id, apiMonitor)))?.open_incident as { id: string }).id;
      const posted = await api<Incident>(`/api/incidents/${incidentId}/updates`, {
        method: 'POST',
        token: owner.token,
        body: { status: 'identified', message: 'A bad deploy. We are **rolling it back**.' },
      });
      expect(posted.status).toBe(200);
      const identified = '[Acme status] Public API is down: Identified';
      await waitForSubject(wholePage, identified);
      const updateMail = (await mailsTo(wholePage)).find((mail) => mail.subject === identified)!;
      expect(updateMail.body.html).toContain('<strong>rolling it back</strong>');

      // The checks find it back up: resolved.
      await decide(Date.now() + 11 * MINUTE, 'up');
      const resolved = '[Acme status] Public API is down: Resolved';
      await waitForSubject(wholePage, resolved);

      // A redelivered message of the update's notice finds every mail claimed and sends none.
      const { deliverPageNotice } = await import('../../functions/services/status-pages/subscribers/deliver-page-notice.js');
      const { noticeIncidentOf } = await import('../../functions/services/status-pages/subscribers/queue-notice.js');
      const { listConfirmedSubscribers } = await import('../../functions/repositories/status-subscriber-repository.js');
      const update = posted.body.updates!.at(-1)!;
      const sent: string[] = [];
      const again = await deliverPageNotice(
        { kind: 'subscriber_notice', userId: owner.id, pageId: page.body.id, notice: { kind: 'incident_updated', incident: noticeIncidentOf(posted.body)!, update }, cursor: null },
        new Date(),
        {
          listSubscribers: listConfirmedSubscribers,
          unsubscribeUrl: async () => 'http://localhost/unsubscribe',
          send: async (mail) => {
            sent.push(mail.to);
            return 'not-sent';
          },
          queueNext: async () => undefined,
          appUrl: 'http://localhost',
        },
      );
      expect(again).toMatchObject({ outcome: 'done', sent: 0, already: 1 });
      expect(sent).toEqual([]);

      // Exactly one of each, and nothing for the others.
      expect(await subjectsTo(wholePage)).toEqual([opened, identified, resolved]);
      expect(await subjectsTo(leaving)).toEqual([opened]);
      expect(await subjectsTo(websiteOnly)).toEqual([]);
    } finally {
      await site.down();
    }
  });
});
