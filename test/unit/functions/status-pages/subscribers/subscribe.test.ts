import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findStatusSlug, getStatusPage, type StoredStatusPage } from '../../../../../functions/repositories/status-page-repository.js';
import {
  addPendingSubscriber,
  claimPendingSweep,
  findSubscriberIdByAddress,
  getSubscriber,
  getSubscriberCounts,
  listSubscribers,
  removeSubscriber,
  replaceConfirmationToken,
  type StoredSubscriber,
} from '../../../../../functions/repositories/status-subscriber-repository.js';
import { sendEmail } from '../../../../../functions/repositories/mail-repository.js';
import { subscribeToStatusPage } from '../../../../../functions/services/status-pages/subscribers/subscribe.js';
import { chosenComponents, pendingExpired, subscribeStep } from '../../../../../functions/services/status-pages/subscribers/subscribe-rules.js';
import { SUBSCRIBER_LIMITS, SUBSCRIBER_TEXTS } from '../../../../../shared/status-pages/subscribers.js';

vi.mock('../../../../../functions/config.js', () => ({ config: () => ({ appUrl: 'https://upwatch.example' }) }));
vi.mock('../../../../../functions/repositories/mail-repository.js', () => ({ sendEmail: vi.fn() }));
vi.mock('../../../../../functions/repositories/status-page-repository.js', () => ({ findStatusSlug: vi.fn(), getStatusPage: vi.fn() }));
vi.mock('../../../../../functions/repositories/status-subscriber-repository.js', () => ({
  addPendingSubscriber: vi.fn(),
  claimPendingSweep: vi.fn(),
  findSubscriberIdByAddress: vi.fn(),
  getSubscriber: vi.fn(),
  getSubscriberCounts: vi.fn(),
  listSubscribers: vi.fn(),
  removeSubscriber: vi.fn(),
  replaceConfirmationToken: vi.fn(),
}));

const NOW = new Date('2026-11-27T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const EMPTY = { confirmed: 0, pending: 0, total: 0 };

describe('subscribeStep', () => {
  it.each([
    ['a new address', null, 'add'],
    ['a confirmed address', { status: 'confirmed', confirmationSentAt: minutesAgo(600) }, 'nothing'],
    ['a pending address mailed 10 minutes ago', { status: 'pending', confirmationSentAt: minutesAgo(10) }, 'nothing'],
    ['a pending address mailed 59 minutes ago', { status: 'pending', confirmationSentAt: minutesAgo(59) }, 'nothing'],
    ['a pending address mailed an hour ago', { status: 'pending', confirmationSentAt: minutesAgo(60) }, 'resend'],
    ['a pending address mailed yesterday', { status: 'pending', confirmationSentAt: minutesAgo(24 * 60) }, 'resend'],
  ] as const)('%s: %s', (_label, existing, step) => {
    expect(subscribeStep({ existing, counts: EMPTY, now: NOW })).toBe(step);
  });

  it('says "full" at either cap whatever the address, so fullness tells nothing about who follows the page', () => {
    const pendingFull = { confirmed: 0, pending: SUBSCRIBER_LIMITS.pendingPerPageMax, total: SUBSCRIBER_LIMITS.pendingPerPageMax };
    const totalFull = { confirmed: SUBSCRIBER_LIMITS.perPageMax, pending: 0, total: SUBSCRIBER_LIMITS.perPageMax };
    for (const counts of [pendingFull, totalFull]) {
      for (const existing of [null, { status: 'confirmed', confirmationSentAt: null }, { status: 'pending', confirmationSentAt: null }] as const) {
        expect(subscribeStep({ existing, counts, now: NOW })).toBe('full');
      }
    }
  });
});

describe('chosenComponents', () => {
  const page = ['c1', 'c2', 'c3'];
  it('keeps each chosen component once, in the page order', () => expect(chosenComponents(page, ['c3', 'c1', 'c3'])).toEqual(['c1', 'c3']));
  it('reads none, or all of them, as the whole page', () => {
    expect(chosenComponents(page, undefined)).toEqual([]);
    expect(chosenComponents(page, [])).toEqual([]);
    expect(chosenComponents(page, ['c2', 'c1', 'c3'])).toEqual([]);
  });
  it('refuses a component the page does not show', () => expect(chosenComponents(page, ['c1', 'elsewhere'])).toBeNull());
});

describe('pendingExpired', () => {
  const hours = SUBSCRIBER_LIMITS.confirmationHours;
  it('is true for a pending address mailed longer ago than a link works, and never for a confirmed one', () => {
    expect(pendingExpired({ status: 'pending', confirmationSentAt: minutesAgo(hours * 60) }, NOW)).toBe(true);
    expect(pendingExpired({ status: 'pending', confirmationSentAt: minutesAgo(hours * 60 - 1) }, NOW)).toBe(false);
    expect(pendingExpired({ status: 'confirmed', confirmationSentAt: minutesAgo(hours * 600) }, NOW)).toBe(false);
  });
});

describe('subscribeToStatusPage', () => {
  const page: StoredStatusPage = {
    id: 'page-1',
    userId: 'owner-1',
    name: 'Acme',
    slug: 'acme',
    description: null,
    logoUrl: null,
    accentColor: null,
    components: [
      { id: 'c1', monitor_id: 'm1', display_name: 'Website', group: null },
      { id: 'c2', monitor_id: 'm2', display_name: 'API', group: null },
    ],
    showAutomaticIncidents: true,
    access: { visibility: 'public', passwordHash: null, allowedEmailDomains: [], version: 0 },
    createdAt: minutesAgo(1000),
    updatedAt: minutesAgo(1000),
  };
  const stored = (status: 'pending' | 'confirmed', sentMinutesAgo: number): StoredSubscriber => ({
    id: '01JDZ6X0Q4W8YF3B5N7M9P2R4T',
    pageId: page.id,
    email: 'reader@example.com',
    status,
    componentIds: ['c2'],
    createdAt: minutesAgo(sentMinutesAgo),
    confirmedAt: status === 'confirmed' ? minutesAgo(sentMinutesAgo) : null,
    confirmationSentAt: minutesAgo(sentMinutesAgo),
    tokenHash: 'old-hash',
  });
  const given = (existing: StoredSubscriber | null) => {
    vi.mocked(findSubscriberIdByAddress).mockResolvedValue(existing?.id ?? null);
    vi.mocked(getSubscriber).mockResolvedValue(existing);
  };
  const subscribe = () => subscribeToStatusPage('ACME', { email: 'reader@example.com', component_ids: ['c2'] }, NOW, undefined);

  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(findStatusSlug).mockResolvedValue({ userId: page.userId, pageId: page.id });
    vi.mocked(getStatusPage).mockResolvedValue(page);
    vi.mocked(getSubscriberCounts).mockResolvedValue(EMPTY);
    vi.mocked(addPendingSubscriber).mockResolvedValue('added');
    vi.mocked(replaceConfirmationToken).mockResolvedValue(true);
  });

  it('answers the same whether the address is new, pending or confirmed', async () => {
    const answers = [];
    for (const existing of [null, stored('pending', 5), stored('pending', 90), stored('confirmed', 90)]) {
      given(existing);
      answers.push((await subscribe()).message);
    }
    expect(answers).toEqual(Array(4).fill(SUBSCRIBER_TEXTS.subscribeAccepted));
  });

  it('stores a new address pending and mails it one confirmation link naming the page and its components', async () => {
    given(null);
    await subscribe();
    expect(addPendingSubscriber).toHaveBeenCalledTimes(1);
    const added = vi.mocked(addPendingSubscriber).mock.calls[0]![0];
    expect(added.subscriber).toMatchObject({ email: 'reader@example.com', status: 'pending', componentIds: ['c2'], confirmationSentAt: NOW.toISOString() });
    expect(added.tokenExpiresAt).toBe(NOW.getTime() / 1000 + SUBSCRIBER_LIMITS.confirmationHours * 3600);
    expect(added.caps).toEqual({ pendingMax: SUBSCRIBER_LIMITS.pendingPerPageMax, totalMax: SUBSCRIBER_LIMITS.perPageMax });
    expect(sendEmail).toHaveBeenCalledTimes(1);
    const mail = vi.mocked(sendEmail).mock.calls[0]![0];
    expect(mail.to).toBe('reader@example.com');
    expect(mail.subject).toBe('Confirm your subscription to Acme status updates');
    expect(mail.text).toContain('when something changes on API');
    expect(mail.text).toMatch(/https:\/\/upwatch\.example\/status\/acme\/subscription\/confirm\?token=[A-Za-z0-9_-]{43}/);
  });

  it('re-sends to a pending address at most once an hour, and never to a confirmed one', async () => {
    given(stored('pending', 30));
    await subscribe();
    expect(replaceConfirmationToken).not.toHaveBeenCalled();
    given(stored('confirmed', 300));
    await subscribe();
    expect(sendEmail).not.toHaveBeenCalled();

    given(stored('pending', 61));
    await subscribe();
    expect(replaceConfirmationToken).toHaveBeenCalledWith(expect.objectContaining({ sentNoLaterThan: new Date(minutesAgo(60)), now: NOW }));
    expect(sendEmail).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when another request re-sent or added the same address a moment before', async () => {
    given(stored('pending', 61));
    vi.mocked(replaceConfirmationToken).mockResolvedValue(false);
    await subscribe();
    given(null);
    vi.mocked(addPendingSubscriber).mockResolvedValue('exists');
    expect((await subscribe()).message).toBe(SUBSCRIBER_TEXTS.subscribeAccepted);
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('refuses a component the page does not show (400) and a full page (409), and mails nothing', async () => {
    given(null);
    await expect(subscribeToStatusPage('acme', { email: 'reader@example.com', component_ids: ['elsewhere'] }, NOW, undefined)).rejects.toMatchObject({
      status: 400,
      fieldProblems: [{ field: 'component_ids', message: 'Choose components shown on this page' }],
    });
    vi.mocked(getSubscriberCounts).mockResolvedValue({ confirmed: 0, pending: SUBSCRIBER_LIMITS.pendingPerPageMax, total: SUBSCRIBER_LIMITS.pendingPerPageMax });
    await expect(subscribe()).rejects.toMatchObject({ status: 409, detail: SUBSCRIBER_TEXTS.pageFull });
    vi.mocked(getSubscriberCounts).mockResolvedValue(EMPTY);
    vi.mocked(addPendingSubscriber).mockResolvedValue('full');
    await expect(subscribe()).rejects.toMatchObject({ status: 409 });
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('takes no address on a private page from a visitor it has not let in (401), and mails nothing', async () => {
    given(null);
    vi.mocked(getStatusPage).mockResolvedValue({ ...page, access: { visibility: 'password', passwordHash: 'scrypt$x', allowedEmailDomains: [], version: 1 } });
    await expect(subscribe()).rejects.toMatchObject({ status: 401, detail: 'This status page is private' });
    expect(addPendingSubscriber).not.toHaveBeenCalled();
    expect(sendEmail).not.toHaveBeenCalled();
  });

  it('at the pending cap removes the addresses whose link expired, then takes the new one', async () => {
    given(null);
    const full = { confirmed: 0, pending: SUBSCRIBER_LIMITS.pendingPerPageMax, total: SUBSCRIBER_LIMITS.pendingPerPageMax };
    vi.mocked(getSubscriberCounts).mockResolvedValueOnce(full).mockResolvedValueOnce({ ...full, pending: full.pending - 1, total: full.total - 1 });
    vi.mocked(claimPendingSweep).mockResolvedValue(true);
    const expired = { ...stored('pending', SUBSCRIBER_LIMITS.confirmationHours * 60 + 1), id: '01JDZ6X0Q4W8YF3B5N7M9P2R4A' };
    const fresh = { ...stored('pending', 30), id: '01JDZ6X0Q4W8YF3B5N7M9P2R4B' };
    vi.mocked(listSubscribers).mockResolvedValue({ subscribers: [fresh, expired, stored('confirmed', 99_999)], nextCursor: null });
    vi.mocked(removeSubscriber).mockResolvedValue(expired);
    await subscribe();
    expect(removeSubscriber).toHaveBeenCalledTimes(1);
    expect(removeSubscriber).toHaveBeenCalledWith(page.id, expired.id, 'pending');
    expect(addPendingSubscriber).toHaveBeenCalledTimes(1);
    expect(sendEmail).toHaveBeenCalledTimes(1);
  });

  it('sweeps a full page at most once per claim: without it the page stays full', async () => {
    given(null);
    vi.mocked(getSubscriberCounts).mockResolvedValue({ confirmed: 0, pending: SUBSCRIBER_LIMITS.pendingPerPageMax, total: SUBSCRIBER_LIMITS.pendingPerPageMax });
    vi.mocked(claimPendingSweep).mockResolvedValue(false);
    await expect(subscribe()).rejects.toMatchObject({ status: 409 });
    expect(listSubscribers).not.toHaveBeenCalled();
  });

  it('is a 404 for a slug no page holds', async () => {
    vi.mocked(findStatusSlug).mockResolvedValue(null);
    await expect(subscribe()).rejects.toMatchObject({ status: 404, detail: 'Status page not found' });
  });
});
