import {
  ADMIN_AUDIT_ENTRIES,
  ADMIN_RECENT_INCIDENTS,
  pagesOf,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUsersQuery,
} from '../../../shared/admin/schemas.js';
import { notFound } from '../../../shared/errors.js';
import { tierOf } from '../../../shared/tiers.js';
import { getAccountManager } from '../../repositories/account-manager-repository.js';
import { readCounters, tierCounter } from '../../repositories/admin-counters-repository.js';
import { latestIncidentRowsOfUser } from '../../repositories/admin-incident-repository.js';
import { listUserMonitorRows } from '../../repositories/admin-monitor-repository.js';
import { listUserProfilesPage } from '../../repositories/admin-user-repository.js';
import { listAuditEntriesOfUser } from '../../repositories/audit-log-repository.js';
import { getSubscription } from '../../repositories/subscription-repository.js';
import { findUserProfileByEmail, getUserProfile, type UserProfile } from '../../repositories/user-repository.js';
import { subscriptionSummaryOf } from '../billing/subscription-summary.js';
import type { AuthContext } from '../context.js';
import { toAdminIncident, toAdminMonitor, toAdminUser } from './admin-views.js';
import { auditAdminRead } from './audit.js';

const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * GET /api/admin/users. Without a search the total comes from the counters (all users, or the
 * tier's), so page N reads N pages of the signup index. A search that is a whole e-mail address is
 * one lookup of the e-mail claim; any other search walks the index once (docs/admin.md).
 */
export const listAdminUsers = async (query: AdminUsersQuery): Promise<AdminUserList> => {
  if (query.search && LOOKS_LIKE_AN_ADDRESS.test(query.search)) {
    const profile = await findUserProfileByEmail(query.search);
    const found = profile && !profile.is_operator && (!query.tier || profile.subscription_tier === query.tier) ? [profile] : [];
    return { users: query.page === 1 ? found.map(toAdminUser) : [], total: found.length, pages: pagesOf(found.length, query.limit), page: query.page };
  }
  const counters = query.search ? null : await readCounters();
  const knownTotal = counters ? (query.tier ? counters[tierCounter(query.tier)] : counters.users_total) : undefined;
  const { items, total } = await listUserProfilesPage({ ...query, knownTotal });
  return { users: items.map(toAdminUser), total, pages: pagesOf(total, query.limit), page: query.page };
};

export const requireUser = async (userId: string): Promise<UserProfile> => {
  const profile = await getUserProfile(userId);
  if (!profile) throw notFound('User');
  return profile;
};

/**
 * GET /api/admin/users/{id}: the user, their live subscription, all their monitors, their newest
 * incidents, the audit trail. The read itself is audited (`user.view`) before anything is answered;
 * the trail answered is the one read before this view.
 */
export const getAdminUserDetail = async (ctx: AuthContext, userId: string): Promise<AdminUserDetail> => {
  const profile = await requireUser(userId);
  const [monitors, incidents, audit, subscription, accountManager] = await Promise.all([
    listUserMonitorRows(userId),
    latestIncidentRowsOfUser(userId, ADMIN_RECENT_INCIDENTS),
    listAuditEntriesOfUser(userId, ADMIN_AUDIT_ENTRIES),
    getSubscription(userId),
    getAccountManager(userId),
  ]);
  await auditAdminRead(ctx, userId);
  const owners = new Map([[userId, profile]]);
  return {
    user: toAdminUser(profile),
    subscription: subscriptionSummaryOf(subscription),
    monitors: monitors.map((row) => toAdminMonitor(row, owners)),
    recent_incidents: incidents.map((row) => toAdminIncident(row, owners)),
    audit_log: audit,
    account_manager: accountManager,
    account_manager_in_plan: tierOf(profile.subscription_tier).accountManager,
  };
};
