import { z } from 'zod';
import type { IncidentDetails } from '../checks/incident-details.js';
import type { IncidentStatus } from '../checks/monitor-state.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../billing/payments.js';
import { PAID_TIER_IDS, type TierRevenueKey } from '../billing/plans.js';
import type { BulkUploadResult } from '../monitors/bulk-upload.js';
import { TIER_IDS, type TierId } from '../tiers.js';

/**
 * The operator API's inputs and answers (docs/admin.md is the same contract in words). Every admin
 * list is `{<items>, total, pages, page}`, 20 per page unless `limit` says otherwise.
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
    z.enum(PAYMENT_STATUSES, { error: 'status must be completed, pending, processing, failed or cancelled' }).optional(),
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
});
export type AdminLoginInput = z.infer<typeof AdminLoginInput>;

/** PUT /api/admin/users/{id}: any of the five fields of docs/product-rules.md "Operator user actions", at least one. */
export const AdminUpdateUserInput = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long').optional(),
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

export interface AdminLoginResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  admin: AdminIdentity;
}

export interface AdminIdentity {
  id: string;
  name: string;
  email: string;
}

export interface Paged {
  total: number;
  pages: number;
  page: number;
}

/** A user as operators see it (docs/product-rules.md "Operator lists"), plus what the detail modal shows. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  subscription_tier: TierId;
  is_active: boolean;
  email_verified: boolean;
  created_at: string;
  subscription_ends_at: string | null;
  timezone: string | null;
  monitor_count: number;
}

/** A monitor of the operators' list (docs/product-rules.md "Operator lists"). `response_time` in seconds. */
export interface AdminMonitor {
  id: string;
  name: string;
  url: string;
  status: AdminMonitorStatus;
  is_up: boolean | null;
  check_interval: number;
  timeout: number;
  response_time: number | null;
  last_checked: string | null;
  created_at: string;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  user_tier: TierId | null;
}

/**
 * docs/product-rules.md "Operator lists": an admin incident's alert type is down, up, slow or timeout. Our checks record a
 * timeout as a `down` incident whose cause is a timeout; the operator API names it `timeout`
 * (functions/services/admin/admin-views.ts), as the product's list does (docs/product-rules.md "Operator lists").
 */
export const ADMIN_INCIDENT_ALERT_TYPES = ['down', 'up', 'slow', 'timeout'] as const;
export type AdminIncidentAlertType = (typeof ADMIN_INCIDENT_ALERT_TYPES)[number];

/** An incident of the operators' list (docs/product-rules.md "Operator lists"). */
export interface AdminIncident {
  id: string;
  alert_type: AdminIncidentAlertType;
  message: string;
  status: IncidentStatus;
  started_at: string;
  resolved_at: string | null;
  monitor_id: string;
  monitor_name: string;
  monitor_url: string;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  user_tier: TierId | null;
  details: IncidentDetails;
}

/** A payment as operators see it (docs/product-rules.md "Operator lists"). `amount` in major units (19.00), `currency` upper case. */
export interface AdminPayment {
  id: string;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  user_tier: TierId | null;
  package_id: string;
  billing_period: string | null;
  amount: number;
  currency: string;
  payment_gateway: string;
  payment_status: PaymentStatus;
  gateway_status: string | null;
  created_at: string;
  updated_at: string;
}

/** An application error (docs/product-rules.md "Application error log"). */
export interface ApplicationError {
  id: string;
  error_type: ApplicationErrorType;
  error_message: string;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: string | null;
  timestamp: string;
  context: Record<string, unknown>;
  stack_trace: string | null;
  user_id: string | null;
  monitor_id: string | null;
}

export type AdminAuditAction =
  | 'user.update'
  | 'user.upgrade'
  | 'user.delete'
  | 'user.bulk_monitors'
  | 'monitors.bulk_global'
  | 'application_error.resolve';

/** One operator action: who, what, when, before and after. */
export interface AdminAuditEntry {
  id: string;
  at: string;
  admin_id: string;
  admin_email: string | null;
  action: AdminAuditAction;
  target_user_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AdminContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface AdminDashboard {
  total_users: number;
  active_users: number;
  total_monitors: number;
  active_monitors: number;
  total_incidents: number;
  open_incidents: number;
  recent_signups: number;
  recent_incidents: number;
  subscription_stats: Record<TierId, number>;
  revenue_stats: { estimated_monthly: number } & Record<TierRevenueKey, number>;
  /** Rounded; 0 without users (docs/product-rules.md "Operator dashboard"). */
  average_revenue_per_user: number;
}

export interface AdminUserDetail {
  user: AdminUser;
  monitors: AdminMonitor[];
  recent_incidents: AdminIncident[];
  audit_log: AdminAuditEntry[];
}

export type AdminUserList = Paged & { users: AdminUser[] };
export type AdminMonitorList = Paged & { monitors: AdminMonitor[] };
export type AdminIncidentList = Paged & { incidents: AdminIncident[] };
export type ApplicationErrorList = Paged & { errors: ApplicationError[] };
export type AdminContactMessageList = Paged & { messages: AdminContactMessage[] };

export interface PaymentSummary {
  /** Completed payments' amounts per currency, major units (Total Revenue, docs/product-rules.md "Operator lists"). */
  total_revenue: { currency: string; amount: number }[];
  completed: number;
  pending: number;
  failed: number;
}
export type AdminPaymentList = Paged & { payments: AdminPayment[]; summary: PaymentSummary };

/** The operators' global upload result (docs/product-rules.md "Operator bulk upload"). */
export interface GlobalBulkUploadResult {
  total_users_processed: number;
  results: {
    user_name: string;
    user_email: string;
    result: Pick<BulkUploadResult, 'successful' | 'total_processed' | 'errors'> & Pick<BulkUploadResult, 'failed' | 'created_monitors'>;
  }[];
  /** Rows that belong to nobody: no or unknown user_email ("Row <line>: ..."). */
  errors: string[];
}

/** The operators' single-user upload result (docs/product-rules.md "Operator bulk upload"): the user upload's shape. */
export type SingleUserBulkUploadResult = BulkUploadResult;

/** ceil(total / limit): 0 when nothing matches, as in the user lists. */
export const pagesOf = (total: number, limit: number): number => Math.ceil(total / limit);
