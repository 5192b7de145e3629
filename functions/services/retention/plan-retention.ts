import { freeArchiveDueAt, freeGraceStep, incidentExpiresAt } from '../../../shared/checks/retention.js';
import type { TierId } from '../../../shared/tiers.js';
import { logger } from '../../observability/logger.js';
import {
  archiveIncident,
  deleteIncidentArchiveDue,
  listIncidentArchivesDue,
  listIncidentRetentionFacts,
  putIncidentArchiveDue,
  restampIncident,
} from '../../repositories/incident-retention-repository.js';
import { getUserTier } from '../../repositories/user-tier-repository.js';

/**
 * Retention moves with the plan (docs/product-rules.md "Retention"). Check results, round history
 * and rollups written from a plan change on carry the new plan's TTL; those written before keep
 * theirs (re-stamping every check of a workspace would cost a write per check: millions for a
 * large one). Incidents, a few per outage, are re-stamped at the change itself: an upgrade keeps
 * them longer (and brings archived ones back while inside the new retention), a downgrade to a paid
 * plan keeps them shorter. A downgrade to Free starts a grace of `POLICY.freeIncidentArchiveDays`
 * instead; at its end the period-end job archives the old ones (archiveDueIncidents).
 */
export interface PlanRetentionChange {
  workspaceId: string;
  from: TierId;
  to: TierId;
  now: Date;
}

/** What a plan change did to the workspace's incidents. */
export interface PlanRetentionOutcome {
  restamped: number;
  /** When the Free grace ends, for a change to Free; null otherwise. */
  archiveDueAt: string | null;
}

const restampAll = async (workspaceId: string, to: TierId): Promise<number> => {
  let restamped = 0;
  for (const incident of await listIncidentRetentionFacts(workspaceId)) {
    const expires = incidentExpiresAt(incident.resolvedAt, to);
    if (expires === null) continue;
    if (expires === incident.expiresAt && !incident.archivedAt) continue;
    if (await restampIncident(workspaceId, incident, expires, Boolean(incident.archivedAt))) restamped++;
  }
  return restamped;
};

/**
 * The one hook of a plan change (the provider's webhook and the period-end job, a change without a
 * provider, an operator's edit all call it after the tier was saved). Safe to run again.
 */
export const applyPlanRetention = async ({ workspaceId, from, to, now }: PlanRetentionChange): Promise<PlanRetentionOutcome> => {
  if (from === to) return { restamped: 0, archiveDueAt: null };
  if (to === 'free') {
    const dueAt = freeArchiveDueAt(now);
    await putIncidentArchiveDue(workspaceId, dueAt);
    logger.info('Incident archive scheduled after a downgrade to Free', { workspaceId, from, dueAt: dueAt.toISOString() });
    return { restamped: 0, archiveDueAt: dueAt.toISOString() };
  }
  // Back on a paid plan: no archive is due any more.
  await deleteIncidentArchiveDue(workspaceId);
  const restamped = await restampAll(workspaceId, to);
  logger.info('Incidents re-stamped to a new plan', { workspaceId, from, to, restamped });
  return { restamped, archiveDueAt: null };
};

/** What one run of the archive did. */
export interface ArchiveRunSummary {
  workspaces: number;
  archived: number;
  restamped: number;
}

/**
 * The end of the Free grace (the period-end job, every 15 minutes): in each workspace whose grace
 * ended and that is still on Free, incidents that ended more than `POLICY.freeIncidentArchiveDays`
 * ago are archived and newer ended ones take Free's TTL; open ones are left alone.
 */
export const archiveDueIncidents = async (now: Date): Promise<ArchiveRunSummary> => {
  const summary: ArchiveRunSummary = { workspaces: 0, archived: 0, restamped: 0 };
  for (const workspaceId of await listIncidentArchivesDue(now)) {
    if ((await getUserTier(workspaceId)) === 'free') {
      summary.workspaces++;
      for (const incident of await listIncidentRetentionFacts(workspaceId)) {
        if (incident.archivedAt) continue;
        const step = freeGraceStep(incident.resolvedAt, now);
        if (step.kind === 'archive' && (await archiveIncident(workspaceId, incident, now))) summary.archived++;
        if (step.kind === 'restamp' && step.expiresAt !== incident.expiresAt && (await restampIncident(workspaceId, incident, step.expiresAt, false))) {
          summary.restamped++;
        }
      }
    }
    await deleteIncidentArchiveDue(workspaceId);
  }
  if (summary.workspaces) logger.info('Incidents archived at the end of the Free grace', { ...summary });
  return summary;
};
