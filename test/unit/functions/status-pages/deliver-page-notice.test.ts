import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmedSubscriber } from '../../../../functions/repositories/status-subscriber-repository.js';
import type { StoredStatusPage } from '../../../../functions/repositories/status-page-repository.js';
import type { SubscriberNoticeMessage } from '../../../../shared/status-pages/subscriber-notices.js';

/**
 * The subscriber mailer's slice (docs/status-pages.md "Subscriber mails"): each subscriber who
 * follows what the notice touches is mailed once, whatever is redelivered; the next slice is queued
 * once; a failed send is retried with its message and the rest still go. Claims and slice markers
 * are a map here.
 */
const claims = new Map<string, 'sending' | 'sent'>();
const slices = new Set<string>();
vi.mock('../../../../functions/repositories/subscriber-notice-claim-repository.js', () => ({
  claimSubscriberNotice: vi.fn(async (claim: { noticeId: string; subscriberId: string }) => {
    const key = `${claim.noticeId}/${claim.subscriberId}`;
    if (claims.has(key)) return false;
    claims.set(key, 'sending');
    return true;
  }),
  markSubscriberNoticeSent: vi.fn(async (claim: { noticeId: string; subscriberId: string }) => claims.set(`${claim.noticeId}/${claim.subscriberId}`, 'sent')),
  releaseSubscriberNotice: vi.fn(async (claim: { noticeId: string; subscriberId: string }) => claims.delete(`${claim.noticeId}/${claim.subscriberId}`)),
  wasSliceQueued: vi.fn(async (slice: { cursor: string | null }) => slices.has(String(slice.cursor))),
  markSliceQueued: vi.fn(async (slice: { cursor: string | null }) => slices.add(String(slice.cursor))),
}));
let page: StoredStatusPage | null = null;
vi.mock('../../../../functions/repositories/status-page-repository.js', () => ({ getStatusPage: vi.fn(async () => page) }));

const { deliverPageNotice, NoticeNotMailed } = await import('../../../../functions/services/status-pages/subscribers/deliver-page-notice.js');

const subscribers: ConfirmedSubscriber[] = [
  { id: 's1', email: 'whole@example.com', component_ids: [] },
  { id: 's2', email: 'api@example.com', component_ids: ['c-api'] },
  { id: 's3', email: 'web@example.com', component_ids: ['c-web'] },
  { id: 's4', email: 'late@example.com', component_ids: [] },
];

const message: SubscriberNoticeMessage = {
  kind: 'subscriber_notice',
  userId: 'u1',
  pageId: 'p1',
  cursor: null,
  notice: {
    kind: 'incident_opened',
    incident: { id: 'i1', monitor_id: 'm-api', alert_type: 'down', status: 'open', started_at: '2026-11-27T10:00:00.000Z', resolved_at: null, has_updates: false, latest_update: null },
  },
};

const sent: string[] = [];
const queued: SubscriberNoticeMessage[] = [];
let failFor = new Set<string>();
const deps = {
  // Slices of three: s1-s3, then s4.
  listSubscribers: async (_pageId: string, opts: { cursor?: string }) =>
    opts.cursor ? { subscribers: subscribers.slice(3), next_cursor: null } : { subscribers: subscribers.slice(0, 3), next_cursor: 'after-s3' },
  unsubscribeUrl: async (page: { slug: string }, id: string) => `https://app.example.com/status/${page.slug}/unsubscribe?token=${id}`,
  send: async (mail: { to: string }) => {
    if (failFor.has(mail.to)) throw new Error('Throttling: Maximum sending rate exceeded');
    sent.push(mail.to);
    return `ses-${sent.length}`;
  },
  queueNext: async (next: SubscriberNoticeMessage) => {
    queued.push(next);
  },
  appUrl: 'https://app.example.com',
};
const now = new Date('2026-11-27T10:01:00.000Z');

beforeEach(() => {
  claims.clear();
  slices.clear();
  sent.length = 0;
  queued.length = 0;
  failFor = new Set();
  page = {
    id: 'p1',
    userId: 'u1',
    name: 'Acme status',
    slug: 'acme',
    description: null,
    logoUrl: null,
    accentColor: null,
    components: [
      { id: 'c-api', monitor_id: 'm-api', display_name: 'Public API', group: null },
      { id: 'c-web', monitor_id: 'm-web', display_name: 'Website', group: null },
    ],
    showAutomaticIncidents: true,
  access: { visibility: 'public', passwordHash: null, allowedEmailDomains: [], version: 0 },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
});

describe("one slice of a page's subscribers", () => {
  it('mails those who follow what it touches, and queues the next slice from where it ends', async () => {
    expect(await deliverPageNotice(message, now, deps)).toEqual({ outcome: 'done', sent: 2, already: 0, failed: 0, more: true });
    expect(sent).toEqual(['whole@example.com', 'api@example.com']);
    expect(queued).toEqual([{ ...message, cursor: 'after-s3' }]);
    expect(await deliverPageNotice(queued[0]!, now, deps)).toEqual({ outcome: 'done', sent: 1, already: 0, failed: 0, more: false });
    expect(sent.at(-1)).toBe('late@example.com');
  });

  it('redelivered, mails nobody twice and queues no second next slice', async () => {
    await deliverPageNotice(message, now, deps);
    expect(await deliverPageNotice(message, now, deps)).toEqual({ outcome: 'done', sent: 0, already: 2, failed: 0, more: true });
    expect(sent).toHaveLength(2);
    expect(queued).toHaveLength(1);
  });

  it('a send SES refuses gives its claim back, the others still go, and the retry mails only that one', async () => {
    failFor = new Set(['whole@example.com']);
    await expect(deliverPageNotice(message, now, deps)).rejects.toBeInstanceOf(NoticeNotMailed);
    expect(sent).toEqual(['api@example.com']);
    expect(queued).toHaveLength(1);
    failFor = new Set();
    expect(await deliverPageNotice(message, now, deps)).toMatchObject({ sent: 1, already: 1 });
    expect(sent).toEqual(['api@example.com', 'whole@example.com']);
    expect(queued).toHaveLength(1);
  });

  it('mails nobody when the page is gone or no longer shows the incident', async () => {
    page = { ...page!, showAutomaticIncidents: false };
    expect(await deliverPageNotice(message, now, deps)).toEqual({ outcome: 'not_shown' });
    page = null;
    expect(await deliverPageNotice(message, now, deps)).toEqual({ outcome: 'page_gone' });
    expect(sent).toEqual([]);
  });
});
