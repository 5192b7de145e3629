import { z } from 'zod';
import { plainName } from '../validation.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../billing/payments.js';
import { PAID_TIER_IDS } from '../billing/plans.js';
import { TwoFactorCode } from '../auth/two-factor.js';
import { TIER_IDS } from '../tiers.js';

/**
 * The operator API's inputs (docs/admin.md is the same contract in words); its answers are in
 * responses.ts, exported from here too. Every admin list is `{<items>, total, pages, page}`, 20 per
 * page unless `limit` says otherwise.
 */

/** docs/product-rules.md "Pagination": admin page size 20, application error log page size 20. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_LIMIT_MAX = 100;

/** How many of a user's incidents the detail shows, and of their audit entries. */
export const ADMIN_RECENT_INCIDENTS = 10;
export const ADMIN_AUDIT_ENTRIES = 50;

/** docs/product-rules.md "Operator dashboard": the dashboard windows. */
export const RECENT_SIGNUPS_DAYS = 7;
export const RECENT_INCIDENTS_HOURS = 24;

export const ADMIN_MONITOR_STATUSES = ['active', 'paused', 'disabled'] as const;
export type AdminMonitorStatus = (typeof ADMIN_MONITOR_STATUSES)[number];

export const APPLICATION_ERROR_TYPES = [
  'email_error',
  'monitor_check_error',
  'payment_error',
  'database_error',
  'auth_error',
  'api_error',
] as const;
export type ApplicationErrorType = (typeof APPLICATION_ERROR_TYPES)[number];

export { PAYMENT_STATUSES, type PaymentStatus };

// An empty value is how a form sends its "All" choice: no filter, not a bad one.
const emptyAsMissing = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const pageNumber = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000, 'page must be at most 100000')
  .default(1);

const pageLimit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(ADMIN_PAGE_LIMIT_MAX, `limit must be at most ${ADMIN_PAGE_LIMIT_MAX}`)
  .default(ADMIN_PAGE_SIZE);

const search = z.preprocess(emptyAsMissing, z.string().trim().max(200, 'search is too long').optional());

export const AdminPagedQuery = z.object({ page: pageNumber, limit: pageLimit });
export type AdminPagedQuery = z.infer<typeof AdminPagedQuery>;

export const AdminUsersQuery = AdminPagedQuery.extend({
  search,
  tier: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z.enum(TIER_IDS, { error: 'tier must be free, pro, business or enterprise' }).optional(),
  ),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminMonitorsQuery = AdminPagedQuery.extend({
  search,
  status: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z.enum(ADMIN_MONITOR_STATUSES, { error: 'status must be active, paused or disabled' }).optional(),
  ),
});
export type AdminMonitorsQuery = z.infer<typeof AdminMonitorsQuery>;

export const AdminIncidentsQuery = AdminPagedQuery.extend({
  status: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).optional(),
  ),
});
export type AdminIncidentsQuery = z.infer<typeof AdminIncidentsQuery>;

export const AdminPaymentsQuery = AdminPagedQuery.extend({
  status: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z.enum(PAYMENT_STATUSES, { error: 'status must be completed, pending, processing, failed, cancelled or refunded' }).optional(),
  ),
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuery>;

export const ApplicationErrorsQuery = AdminPagedQuery.extend({
  error_type: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z.enum(APPLICATION_ERROR_TYPES, { error: `error_type must be one of ${APPLICATION_ERROR_TYPES.join(', ')}` }).optional(),
  ),
  resolved: z.preprocess(
    (value) => (value === 'all' ? undefined : emptyAsMissing(value)),
    z
      .enum(['true', 'false'], { error: 'resolved must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
});
export type ApplicationErrorsQuery = z.infer<typeof ApplicationErrorsQuery>;

export const AdminLoginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  /** The operator's second step (docs/security.md "Two-factor sign-in"). */
  code: TwoFactorCode.optional(),
});
export type AdminLoginInput = z.infer<typeof AdminLoginInput>;

/** PUT /api/admin/users/{id}: any of the five fields of docs/product-rules.md "Operator user actions", at least one. */
export const AdminUpdateUserInput = z
  .object({
    name: plainName(z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long')).optional(),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .pipe(z.email({ error: 'Please enter a valid email address' }))
      .optional(),
    subscription_tier: z.enum(TIER_IDS, { error: 'subscription_tier must be free, pro, business or enterprise' }).optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    email_verified: z.boolean({ error: 'email_verified must be true or false' }).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to update: send name, email, subscription_tier, is_active or email_verified',
  });
export type AdminUpdateUserInput = z.infer<typeof AdminUpdateUserInput>;

/** POST /api/admin/users/{id}/upgrade: the tier to move up to (the UI's quick action sends pro). */
export const AdminUpgradeUserInput = z.object({
  tier: z.enum(PAID_TIER_IDS, { error: 'tier must be pro, business or enterprise' }).default('pro'),
});
export type AdminUpgradeUserInput = z.infer<typeof AdminUpgradeUserInput>;

/** The shortest reason an operator may give for pausing or disabling someone's monitor (the owner reads it). */
export const MONITOR_HOLD_REASON_MIN = 10;

/**
 * POST /api/admin/monitors/{id}/hold (docs/admin.md "Monitor holds"): pause or disable an abusive
 * monitor with a reason the owner is mailed, or `enable` it again (reason optional then).
 */
export const AdminMonitorHoldInput = z
  .object({
    action: z.enum(['pause', 'disable', 'enable'], { error: 'action must be pause, disable or enable' }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .refine((input) => input.action === 'enable' || (input.reason?.length ?? 0) >= MONITOR_HOLD_REASON_MIN, {
    message: `Please give the owner a reason of at least ${MONITOR_HOLD_REASON_MIN} characters`,
    path: ['reason'],
  });
export type AdminMonitorHoldInput = z.infer<typeof AdminMonitorHoldInput>;

export * from './responses.js';
