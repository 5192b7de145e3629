import type { SubscriptionSummary } from '../account/subscription.js';
import type { IncidentDetails } from '../checks/incident-details.js';
import type { IncidentStatus } from '../checks/monitor-state.js';
import type { PaymentStatus } from '../billing/payments.js';
import type { TierRevenueKey } from '../billing/plans.js';
import type { BulkUploadResult } from '../monitors/bulk-upload.js';
import type { OperatorHold } from '../monitors/schemas.js';
import type { AccountManager } from '../support/account-manager.js';
import type { QueueGroup } from '../support/queue.js';
import type { TierId } from '../tiers.js';
import type { AdminMonitorStatus, ApplicationErrorType } from './schemas.js';

/** The operator API's answers (docs/admin.md is the same contract in words); its inputs are in schemas.ts. */

export interface AdminLoginResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  admin: AdminIdentity;
  /**
   * The operator has no two-factor sign-in yet: this token reaches only the set-up
   * (/api/auth/two-factor/*), and the panel once it is confirmed (docs/security.md "Two-factor sign-in").
   */
  two_factor_setup_required: boolean;
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
  /** Set while an operator's pause or disable holds (docs/admin.md "Monitor holds"); absent otherwise. */
  operator_hold?: OperatorHold;
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
  /** An operator opened the user's details (docs/admin.md "Audit log"). */
  | 'user.view'
  | 'user.update'
  | 'user.upgrade'
  | 'user.delete'
  | 'user.bulk_monitors'
  | 'monitors.bulk_global'
  | 'application_error.resolve'
  /** An operator marked a contact message answered (docs/product-rules.md "Priority support"). */
  | 'contact_message.answer'
  /** An operator named, changed or removed a workspace's account manager (docs/product-rules.md "Account manager"). */
  | 'workspace.account_manager'
  | 'monitor.pause'
  | 'monitor.disable'
  | 'monitor.enable'
  /** An operator signed in (docs/admin.md "Audit log"): the entry is about the operator, with the device and address. */
  | 'operator.sign_in';


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

/** A contact-form message in the operators' queue (docs/product-rules.md "Priority support"). */
export interface AdminContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  /** Sent signed in from a workspace whose plan has priority support. */
  priority: boolean;
  /** Its deadline: arrival plus its response target. */
  respond_by: string;
  /** Where it stands in the queue at the time of the answer. */
  queue_group: QueueGroup;
  /** The signed-in sender, the workspace and its plan when sent; null for a visitor. */
  sender: { user_id: string; workspace_id: string; plan: TierId } | null;
  answered_at: string | null;
  answered_by: string | null;
}

/** One kind of item in the table census (docs/admin.md "Table size by kind"). */
export interface TableCensusKind {
  kind: 'users' | 'monitors' | 'incidents' | 'check_results' | 'hourly_rollups' | 'round_history' | 'daily_rollups';
  /** Counted (users, monitors, incidents: the counters) or estimated from the sampled monitors. */
  items: number;
  estimated: boolean;
}

/** The daily census of the table: what the operator dashboard shows under "Table size by kind". */
export interface TableCensus {
  measured_at: string;
  /** DynamoDB's own figures for the whole table (refreshed by AWS about every six hours). */
  table_bytes: number;
  table_items: number;
  /** Monitors whose partitions were counted to estimate the per-monitor kinds. */
  sampled_monitors: number;
  kinds: TableCensusKind[];
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
  /** The latest daily census of the table, or null before the first one ran. */
  table_census: TableCensus | null;
}

export interface AdminUserDetail {
  user: AdminUser;
  /**
   * The paid subscription behind the tier, as billing last stored it: its period end and what is
   * scheduled then (a cancellation, or a downgrade); null when none is live (docs/admin.md "Users").
   */
  subscription: SubscriptionSummary | null;
  monitors: AdminMonitor[];
  recent_incidents: AdminIncident[];
  audit_log: AdminAuditEntry[];
  /**
   * The workspace's named account manager (docs/product-rules.md "Account manager"), and whether its
   * plan includes one (else the panel offers no form; a manager kept from an earlier plan still shows).
   */
  account_manager: AccountManager | null;
  account_manager_in_plan: boolean;
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
