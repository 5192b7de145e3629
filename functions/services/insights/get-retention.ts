import type { RetentionSummary } from '../../../shared/insights/schemas.js';
import { TIERS } from '../../../shared/tiers.js';
import { listArchivedIncidents } from '../../repositories/incident-repository.js';
import { getIncidentArchiveDue } from '../../repositories/incident-retention-repository.js';
import type { CallerContext } from '../context.js';

/**
 * GET /api/retention: what the workspace's plan keeps, how many archived incidents the export
 * holds, and when a running Free grace ends (docs/product-rules.md "Retention").
 */
export const getRetention = async ({ ctx, now = new Date() }: { ctx: CallerContext; now?: Date }): Promise<RetentionSummary> => {
  const tier = ctx.account.subscription_tier;
  const [archived, dueAt] = await Promise.all([listArchivedIncidents(ctx.workspaceId, now), getIncidentArchiveDue(ctx.workspaceId)]);
  return { tier, retention_days: TIERS[tier].retentionDays, archived_incidents: archived.length, archive_due_at: dueAt };
};
