import {
  pagesOf,
  type AdminIncidentList,
  type AdminIncidentsQuery,
  type AdminMonitorList,
  type AdminMonitorsQuery,
  type ApplicationError,
  type ApplicationErrorList,
  type ApplicationErrorsQuery,
} from '../../../shared/admin/schemas.js';
import { AppError, notFound } from '../../../shared/errors.js';
import { monitorStatusCounter, readCounters } from '../../repositories/admin-counters-repository.js';
import { listIncidentsPage } from '../../repositories/admin-incident-repository.js';
import { listMonitorsPage } from '../../repositories/admin-monitor-repository.js';
import { listApplicationErrors, markApplicationErrorResolved } from '../../repositories/application-error-repository.js';
import type { AuthContext } from '../context.js';
import { ownersOf, toAdminIncident, toAdminMonitor } from './admin-views.js';
import { auditAdminAction } from './audit.js';

/** The operator lists other than users (docs/admin.md "Lists"). */

/** GET /api/admin/monitors: totals from the counters unless searching. */
export const listAdminMonitors = async (query: AdminMonitorsQuery): Promise<AdminMonitorList> => {
  let knownTotal: number | undefined;
  if (!query.search) {
    const counters = await readCounters();
    knownTotal = query.status ? counters[monitorStatusCounter(query.status)!] : counters.monitors_total;
  }
  const { items, total } = await listMonitorsPage({ ...query, knownTotal });
  const owners = await ownersOf(items);
  return { monitors: items.map((row) => toAdminMonitor(row, owners)), total, pages: pagesOf(total, query.limit), page: query.page };
};

/** GET /api/admin/incidents: totals from the counters (resolved = all - open). */
export const listAdminIncidents = async (query: AdminIncidentsQuery): Promise<AdminIncidentList> => {
  const counters = await readCounters();
  const open = Math.min(counters.incidents_open, counters.incidents_total);
  const knownTotal = query.status === 'open' ? open : query.status === 'resolved' ? counters.incidents_total - open : counters.incidents_total;
  const { items, total } = await listIncidentsPage({ ...query, knownTotal });
  const owners = await ownersOf(items);
  return { incidents: items.map((row) => toAdminIncident(row, owners)), total, pages: pagesOf(total, query.limit), page: query.page };
};

/** GET /api/admin/application-errors. */
export const listAdminApplicationErrors = async (query: ApplicationErrorsQuery): Promise<ApplicationErrorList> => {
  const { items, total } = await listApplicationErrors({
    page: query.page,
    limit: query.limit,
    errorType: query.error_type,
    resolved: query.resolved,
  });
  return { errors: items, total, pages: pagesOf(total, query.limit), page: query.page };
};

/** PUT /api/admin/application-errors/{id}/resolve: open -> resolved, never back. */
export const resolveApplicationError = async ({ ctx, errorId }: { ctx: AuthContext; errorId: string }): Promise<{ error: ApplicationError }> => {
  const outcome = await markApplicationErrorResolved(errorId, { adminId: ctx.userId, at: new Date() });
  if (outcome === 'not_found') throw notFound('Error');
  if (outcome === 'already_resolved') throw new AppError('CONFLICT', 'This error is already resolved');
  await auditAdminAction(ctx, {
    action: 'application_error.resolve',
    targetUserId: outcome.user_id,
    before: { error_id: errorId, resolved: false },
    after: { error_id: errorId, resolved: true },
  });
  return { error: outcome };
};

