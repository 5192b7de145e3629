import type { AdminIncident, AdminMonitor, AdminUser } from '../../../shared/admin/schemas.js';
import type { IncidentRow } from '../../repositories/admin-incident-repository.js';
import type { MonitorRow } from '../../repositories/admin-monitor-repository.js';
import { getUserProfiles } from '../../repositories/admin-user-repository.js';
import type { UserProfile } from '../../repositories/user-repository.js';

/** The operator API's views of stored things (docs/admin.md "Lists"). */

export const toAdminUser = (profile: UserProfile): AdminUser => ({
  id: profile.id,
  name: profile.name,
  email: profile.email,
  subscription_tier: profile.subscription_tier,
  is_active: profile.is_active,
  email_verified: profile.email_verified,
  created_at: profile.created_at,
  subscription_ends_at: profile.subscription_ends_at,
  timezone: profile.timezone,
  monitor_count: profile.monitor_count,
});

type Owners = Map<string, UserProfile>;

const ownerFields = (owners: Owners, userId: string) => {
  const owner = owners.get(userId);
  return { user_name: owner?.name ?? null, user_email: owner?.email ?? null, user_tier: owner?.subscription_tier ?? null };
};

export const toAdminMonitor = (row: MonitorRow, owners: Owners): AdminMonitor => ({ ...row, ...ownerFields(owners, row.user_id) });

/** The causes that make a `down` incident a `timeout` one for operators (docs/product-rules.md "Operator lists", shared/admin/schemas.ts). */
const TIMEOUT_CAUSES: ReadonlySet<string> = new Set(['timeout', 'connection_timeout']);

const adminAlertType = (row: IncidentRow): AdminIncident['alert_type'] =>
  row.alert_type === 'down' && TIMEOUT_CAUSES.has(String(row.details.error_category ?? '')) ? 'timeout' : row.alert_type;

export const toAdminIncident = (row: IncidentRow, owners: Owners): AdminIncident => ({
  ...row,
  alert_type: adminAlertType(row),
  ...ownerFields(owners, row.user_id),
});

/** The owners of a page of rows: one BatchGet. */
export const ownersOf = (rows: readonly { user_id: string }[]): Promise<Owners> => getUserProfiles([...new Set(rows.map((row) => row.user_id))]);
