import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminTemplate, templateRules, visibleErrors } from '../../../frontend/src/features/admin/utils/bulk-upload';
import { adminErrorMessage, adminLoginErrorMessage, isSessionRejection } from '../../../frontend/src/features/admin/utils/errors';
import {
  averageRevenuePerUser,
  billingLine,
  clampPage,
  currencyCode,
  formatAmount,
  formatContext,
  formatShortTimestamp,
  hasPager,
  incidentDuration,
  monitorDisplayStatus,
  pageLabel,
  scheduledPlanChange,
  shortId,
  tierDistribution,
} from '../../../frontend/src/features/admin/utils/format';
import { ApiError, NETWORK_ERROR_DETAIL } from '../../../frontend/src/lib/api-client';
import { readAdminSession, SESSION_KEYS, storeAdminSession } from '../../../frontend/src/lib/auth';

describe('incidentDuration', () => {
  it('shows an open incident as Ongoing', () => {
    expect(incidentDuration({ status: 'open', started_at: '2025-03-01T10:00:00Z', resolved_at: null })).toBe('Ongoing');
  });

  it('shows whole minutes between start and resolution, rounded to the nearest minute', () => {
    expect(incidentDuration({ status: 'resolved', started_at: '2025-03-01T10:00:00Z', resolved_at: '2025-03-01T10:12:00Z' })).toBe('12 min');
    expect(incidentDuration({ status: 'resolved', started_at: '2025-03-01T10:00:00Z', resolved_at: '2025-03-01T10:00:50Z' })).toBe('1 min');
    expect(incidentDuration({ status: 'resolved', started_at: '2025-03-01T10:00:00Z', resolved_at: '2025-03-01T10:00:20Z' })).toBe('0 min');
    expect(incidentDuration({ status: 'resolved', started_at: '2025-03-01T10:00:00Z', resolved_at: '2025-03-01T12:30:10Z' })).toBe('150 min');
  });

  it('treats a resolved incident without a resolution time as still ongoing, and bad times as a dash', () => {
    expect(incidentDuration({ status: 'resolved', started_at: '2025-03-01T10:00:00Z', resolved_at: null })).toBe('Ongoing');
    expect(incidentDuration({ status: 'resolved', started_at: 'not a time', resolved_at: '2025-03-01T10:00:00Z' })).toBe('—');
  });
});

describe('monitorDisplayStatus', () => {
  it('shows Up or Down by is_up for an active monitor', () => {
    expect(monitorDisplayStatus({ status: 'active', is_up: true })).toBe('Up');
    expect(monitorDisplayStatus({ status: 'active', is_up: false })).toBe('Down');
  });

  it('shows Pending for an active monitor never checked yet, not Down', () => {
    expect(monitorDisplayStatus({ status: 'active', is_up: null })).toBe('Pending');
  });

  it('shows the raw status of a paused or disabled monitor, whatever is_up says', () => {
    expect(monitorDisplayStatus({ status: 'paused', is_up: true })).toBe('paused');
    expect(monitorDisplayStatus({ status: 'disabled', is_up: false })).toBe('disabled');
  });
});

describe('shortId', () => {
  it('keeps the last 8 characters of a payment id', () => {
    expect(shortId('01JNX8Q3ZK4W7M2A9BCDEFGHJK')).toBe('CDEFGHJK');
    expect(shortId('abc')).toBe('abc');
    expect(shortId('12345678')).toBe('12345678');
  });
});

describe('paging', () => {
  it('labels the page as "Page X of Y" and shows the pager only for more than one page', () => {
    expect(pageLabel(2, 5)).toBe('Page 2 of 5');
    expect(pageLabel(1, 0)).toBe('Page 1 of 1');
    expect(hasPager(0)).toBe(false);
    expect(hasPager(1)).toBe(false);
    expect(hasPager(2)).toBe(true);
  });

  it('keeps a page number inside 1..pages', () => {
    expect(clampPage(3, 2)).toBe(2);
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(2, 4)).toBe(2);
  });
});

describe('money and dashboard figures', () => {
  it('shows an amount with two decimals and the currency upper case, USD by default', () => {
    expect(formatAmount(19, 'usd')).toBe('19.00 USD');
    expect(formatAmount(1599, 'INR')).toBe('1,599.00 INR');
    expect(formatAmount(49.5, null)).toBe('49.50 USD');
    expect(currencyCode('')).toBe('USD');
  });

  it('rounds the average revenue per user and gives 0 without users', () => {
    expect(averageRevenuePerUser(19 * 3 + 49, 7)).toBe(15);
    expect(averageRevenuePerUser(100, 0)).toBe(0);
  });

  it('gives each tier a whole percentage of all users, 0 everywhere when there are none', () => {
    expect(tierDistribution({ free: 6, pro: 3, business: 1, enterprise: 0 })).toEqual([
      { tier: 'free', count: 6, percent: 60 },
      { tier: 'pro', count: 3, percent: 30 },
      { tier: 'business', count: 1, percent: 10 },
      { tier: 'enterprise', count: 0, percent: 0 },
    ]);
    expect(tierDistribution({}).map(({ percent }) => percent)).toEqual([0, 0, 0, 0]);
  });
});

describe('formatContext', () => {
  it('formats a context object as indented JSON and has nothing for an empty one', () => {
    expect(formatContext({ route: 'GET /api/x', status: 500 })).toBe('{\n  "route": "GET /api/x",\n  "status": 500\n}');
    expect(formatContext({})).toBeNull();
    expect(formatContext(null)).toBeNull();
  });
});

describe('bulk upload helpers', () => {
  it('shows at most 2 errors per user and counts the rest', () => {
    expect(visibleErrors(['Row 2: a', 'Row 3: b', 'Row 4: c', 'Row 5: d'])).toEqual({ shown: ['Row 2: a', 'Row 3: b'], more: 2 });
    expect(visibleErrors(['Row 2: a'])).toEqual({ shown: ['Row 2: a'], more: 0 });
  });

  it('has a user_email column only in the global template, with samples at 60, 120 and 300 s', () => {
    const global = adminTemplate('global').content.trim().split('\n');
    const single = adminTemplate('user').content.trim().split('\n');
    expect(global[0]).toBe('user_email,name,url,check_interval,timeout');
    expect(single[0]).toBe('name,url,check_interval,timeout');
    expect(global.slice(1).map((row) => row.split(',')[3]).sort()).toEqual(['120', '300', '60']);
    expect(single.slice(1).map((row) => row.split(',')[2]).sort()).toEqual(['120', '300', '60']);
    expect(templateRules('global').some((rule) => rule.startsWith('user_email'))).toBe(true);
    expect(templateRules('user').some((rule) => rule.startsWith('user_email'))).toBe(false);
  });
});

describe('admin error messages (docs/product-rules.md "Error catalogue")', () => {
  const network = new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_DETAIL);

  it('says "Network error" for a list that could not be reached, else the server detail, else the fallback', () => {
    expect(adminErrorMessage(network, 'Failed to fetch users')).toBe('Network error');
    expect(adminErrorMessage(new ApiError(409, 'CONFLICT', 'This error is already resolved'), 'Failed to resolve error')).toBe(
      'This error is already resolved',
    );
    expect(adminErrorMessage(new ApiError(500, null, null), 'Failed to fetch payments')).toBe('Failed to fetch payments');
  });

  it('words a failed admin login as the product does', () => {
    expect(adminLoginErrorMessage(network)).toBe('Network error. Please try again.');
    expect(adminLoginErrorMessage(new ApiError(401, null, null))).toBe('Invalid admin credentials');
    expect(adminLoginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid admin credentials'))).toBe('Invalid admin credentials');
  });

  it('treats 401 and 403 as a refused admin session, not a server or network failure', () => {
    expect(isSessionRejection(new ApiError(401, null, null))).toBe(true);
    expect(isSessionRejection(new ApiError(403, 'FORBIDDEN', 'You are not allowed to do that'))).toBe(true);
    expect(isSessionRejection(new ApiError(500, null, null))).toBe(false);
    expect(isSessionRejection(network)).toBe(false);
  });
});

describe('admin session storage', () => {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = (expiresInSeconds: number) =>
    `${b64({ alg: 'RS256' })}.${b64({ sub: 'admin-1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.signature`;
  const items = new Map<string, string>();

  beforeEach(() => {
    items.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the admin token under its own key, apart from the user session', () => {
    const access = token(3600);
    storeAdminSession({ access_token: access, email: 'ops@example.com' });
    expect(SESSION_KEYS.admin).not.toBe(SESSION_KEYS.user);
    expect(items.has(SESSION_KEYS.user)).toBe(false);
    expect(readAdminSession()).toEqual({ access_token: access, email: 'ops@example.com' });
  });

  it('removes an expired or damaged admin entry', () => {
    storeAdminSession({ access_token: token(-10), email: 'ops@example.com' });
    expect(readAdminSession()).toBeNull();
    expect(items.has(SESSION_KEYS.admin)).toBe(false);
    items.set(SESSION_KEYS.admin, '{not json');
    expect(readAdminSession()).toBeNull();
    expect(items.has(SESSION_KEYS.admin)).toBe(false);
    items.set(SESSION_KEYS.admin, JSON.stringify({ access_token: 'not-a-jwt' }));
    expect(readAdminSession()).toBeNull();
  });
});

describe('operator times and the scheduled plan change (docs/admin-panel.md "Times")', () => {
  const subscription = {
    gateway: 'stripe',
    billing_period: 'monthly',
    status: 'active',
    current_period_end: '2026-12-27T14:05:00.000Z',
    cancel_at_period_end: false,
    scheduled_tier: null,
    resumable: false,
  } as const;

  it('a table time names its zone', () => {
    expect(formatShortTimestamp('2026-11-27T14:05:00.000Z', 'UTC')).toBe('Nov 27, 2026, 2:05 PM UTC');
    expect(formatShortTimestamp('2026-11-27T14:05:00.000Z', 'Asia/Kolkata')).toBe('Nov 27, 2026, 7:35 PM GMT+5:30');
    expect(formatShortTimestamp('not a time', 'UTC')).toBe('');
  });

  it('says what is scheduled at the period end, and when', () => {
    expect(scheduledPlanChange({ ...subscription, cancel_at_period_end: true, scheduled_tier: 'free' }, 'UTC')).toBe(
      'Cancelled: moves to Free on Dec 27, 2026, 2:05 PM UTC',
    );
    expect(scheduledPlanChange({ ...subscription, scheduled_tier: 'pro' }, 'UTC')).toBe('Downgrade to Pro on Dec 27, 2026, 2:05 PM UTC');
    expect(scheduledPlanChange({ ...subscription, scheduled_tier: 'pro', current_period_end: null }, 'UTC')).toBe(
      'Downgrade to Pro at the end of the billing period',
    );
    expect(scheduledPlanChange(subscription, 'UTC')).toBeNull();
    expect(scheduledPlanChange(null, 'UTC')).toBeNull();
  });

  it('describes how the subscription is paid', () => {
    expect(billingLine(subscription)).toBe('Monthly, by card, active');
    expect(billingLine({ ...subscription, gateway: 'razorpay', billing_period: 'yearly', status: 'past_due' })).toBe('Yearly, by UPI, payment past due');
  });
});
