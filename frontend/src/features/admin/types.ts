/**
 * The admin API's shapes: the contract admin-api keeps in shared/admin/schemas.ts (docs/admin.md).
 * Re-exported here so the panel's modules read them from one place.
 */
import type { TierId } from '@shared/tiers.js';

export {
  APPLICATION_ERROR_TYPES,
  ADMIN_MONITOR_STATUSES,
  PAYMENT_STATUSES,
  type AdminAuditEntry,
  type AdminContactMessage,
  type AdminContactMessageList,
  type AdminDashboard,
  type AdminIncident,
  type AdminIncidentList,
  type AdminLoginResponse,
  type AdminMonitor,
  type AdminMonitorList,
  type AdminMonitorStatus,
  type AdminPayment,
  type AdminPaymentList,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserList,
  type ApplicationError,
  type ApplicationErrorList,
  type ApplicationErrorType,
  type GlobalBulkUploadResult,
  type PaymentStatus,
  type PaymentSummary,
  type SingleUserBulkUploadResult,
} from '@shared/admin/schemas.js';

/** PUT /api/admin/users/{id}: the edit modal sends all five fields (docs/product-rules.md "Operator user actions"). */
export interface UpdateUserInput {
  name: string;
  email: string;
  subscription_tier: TierId;
  is_active: boolean;
  email_verified: boolean;
}
